import { isNumber } from './numbers';
import type { RegionalAverage } from './valuation.types';

/** Regional average method: the district's (else the city's) previous-month average unit price; a reference price only. */
export function regionalAverageUnitPrice(
  average: RegionalAverage | null | undefined,
): { unitPrice: number; scope: 'district' | 'city' } | null {
  if (isNumber(average?.district) && average.district > 0) return { unitPrice: average.district, scope: 'district' };
  if (isNumber(average?.city) && average.city > 0) return { unitPrice: average.city, scope: 'city' };
  return null;
}
