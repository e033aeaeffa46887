import type { GpsCommunityList } from '@valuation/contracts';
import { MapMsg } from './map-constants';

type GpsCommunity = GpsCommunityList['items'][number];

/** The address offered for a marked point: district, street and number, then the community name. */
export function addressOfGpsCommunity(item: GpsCommunity | undefined): string {
  if (!item) return MapMsg.noAddress;
  const street = `${item.distName}${item.streetName}${item.streetNo}`.trim();
  const text = [street, item.haName.trim()].filter(Boolean).join(' ');
  return text || MapMsg.noAddress;
}

/** The address kept for the valuation: blank when only the placeholder text is there. */
export function addressToStore(input: string): string {
  const text = input.trim();
  return text === MapMsg.noAddress ? '' : text;
}

/** Unit price for display: 81,234 元/㎡, or 暂无 without one. */
export function formatUnitPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return '暂无';
  return `${Math.round(price).toLocaleString('en-US')} 元/㎡`;
}

/** Short price for the marker label: 8.1万 or 9500. */
export function shortPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return '';
  return price >= 10000 ? `${(price / 10000).toFixed(1)}万` : String(Math.round(price));
}
