import L from 'leaflet';

/*
 * Pins are a square with one sharp corner turned by -45°, so the corner points down: for a side of
 * s the tip lies s/√2 below the centre. The turn is on an inner element because Leaflet positions
 * the icon element itself with a transform.
 */
function pinAnchors(side: number): Pick<L.DivIconOptions, 'iconSize' | 'iconAnchor' | 'popupAnchor' | 'tooltipAnchor'> {
  const half = side / 2;
  const tip = Math.round(half + half * Math.SQRT2);
  return { iconSize: [side, side], iconAnchor: [half, tip], popupAnchor: [0, -tip], tooltipAnchor: [half, half - tip] };
}

/** A numbered marker (1, 2, 3 …) whose tip sits on the point. */
export function numberIcon(n: number, active = false): L.DivIcon {
  return L.divIcon({ className: `vmap-num-marker${active ? ' is-active' : ''}`, html: `<div><span>${n}</span></div>`, ...pinAnchors(24) });
}

/** The dot marking the subject of a map (the valued property, the searched place). */
export function centerIcon(): L.DivIcon {
  return L.divIcon({ className: 'vmap-center-marker', iconSize: [24, 24], iconAnchor: [12, 12], popupAnchor: [0, -12] });
}

/** A pin for a point the user marked on the map. */
export function pinIcon(): L.DivIcon {
  return L.divIcon({ className: 'vmap-pin-marker', html: '<div></div>', ...pinAnchors(26) });
}

/** Escapes text for Leaflet's HTML popup content. */
export { escapeHtml } from '@valuation/domain';
