import type { RegionItem } from '@valuation/contracts';

/** Whether a city is outside the opened cities (已开通) of the service scope; false while they are not loaded. */
export function isCityNotOpened(opened: readonly RegionItem[] | undefined, cityCode: string | undefined): boolean {
  return opened !== undefined && cityCode !== undefined && !opened.some((c) => c.regionCode === cityCode);
}
