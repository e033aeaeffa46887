import { z } from 'zod';
import { GEOCODE_ADDRESS_MAX, GeoMsg } from '@valuation/domain';
import { coordtype, query } from '../community/community.schemas';

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

export const geocodeQuery = query({
  cityCode: z.preprocess(trimmed, z.string({ message: GeoMsg.cityRequired }).min(1, GeoMsg.cityRequired).max(20, GeoMsg.cityRequired)),
  address: z.preprocess(
    (v) => trimmed(v ?? ''),
    z.string({ message: GeoMsg.addressRequired }).min(1, GeoMsg.addressRequired).max(GEOCODE_ADDRESS_MAX, GeoMsg.addressTooLong),
  ),
  coordtype,
});
export type GeocodeQuery = z.output<typeof geocodeQuery>;
