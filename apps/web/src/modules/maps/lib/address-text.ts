import type { GpsCommunityList } from '@valuation/contracts';
import { formatCompactPrice, formatUnitPrice } from '@valuation/domain';
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

/** A community's sale unit price: 81,234元/㎡, or 暂无 without one. */
export function communityUnitPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return '暂无';
  return formatUnitPrice(price, 1);
}

/** Short price for the marker label: 8.1万 or 9500. */
export function shortPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return '';
  return formatCompactPrice(Math.round(price), 1);
}
