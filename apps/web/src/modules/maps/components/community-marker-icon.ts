import type { NearbyCommunity } from '@valuation/contracts';
import L from 'leaflet';
import { escapeHtml } from '../../../app/map/marker-icons';
import { shortPrice } from '../lib/address-text';

/** A label marker (name and short price) whose arrow points at the community. */
export function communityIcon(community: NearbyCommunity): L.DivIcon {
  const price = shortPrice(community.price);
  return L.divIcon({
    className: 'maps-community-marker',
    html: `<div>${escapeHtml(community.haName)}${price ? `<b>${price}</b>` : ''}</div>`,
    iconSize: [0, 0],
    iconAnchor: [0, 0],
    popupAnchor: [0, -30],
  });
}
