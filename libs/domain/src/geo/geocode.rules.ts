import { ValuationMsg } from '../validation/valuation-request';

/** What a geocoded address matched, most precise first. */
export const GEOCODE_LEVELS = ['community', 'street_no', 'street', 'poi', 'area', 'district'] as const;
export type GeocodeLevel = (typeof GEOCODE_LEVELS)[number];

/** The longest address the geocoder reads. */
export const GEOCODE_ADDRESS_MAX = 100;

/** Messages of address location (user-side specification, the error catalogue's map and prompt lines). */
export const GeoMsg = {
  addressRequired: ValuationMsg.addressRequired,
  addressTooLong: `地址不能超过${GEOCODE_ADDRESS_MAX}个字符`,
  cityRequired: ValuationMsg.cityUnknown,
  /** Quick valuation: the typed address could not be placed. */
  locationFailed: '地址定位失败，请使用地图定位或发起人工询价',
  /** Map page: the search text found no place. */
  placeNotFound: '未查找到相关地点！',
  /** Map page: the address the page was opened with found no place. */
  locateFailed: '未找到相关地点',
} as const;

/** The note shown when an address was placed: 已定位到：紫竹院路（门牌191号附近）. */
export const locatedText = (label: string) => `已定位到：${label}`;

/** The label of a house number placed between or beside the numbered communities of its road. */
export const nearHouseNumberLabel = (street: string, houseNo: number) => `${street}（门牌${houseNo}号附近）`;

/** The label of a business area match. */
export const areaLabel = (area: string) => `${area}（商圈）`;
