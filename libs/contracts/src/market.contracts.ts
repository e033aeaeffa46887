/**
 * Market data read API: regions, dictionaries, business types, form fields and communities.
 * Coordinates are answered in the datum the caller names (coordtype, default bd09ll);
 * months are yyyy-MM; unit prices are yuan/m² for sale and yuan/month/m² for lease.
 */

export type CoordTypeName = 'bd09ll' | 'gcj02' | 'wgs84';

/** GET api/region/filter and the items of GET api/region/py; regionName is the short name (北京). */
export interface RegionItem {
  regionName: string;
  regionCode: string;
}

/** GET api/region/py: cities grouped by the first letter of their pinyin, A to Z. */
export interface RegionPinyinGroup {
  pyKey: string;
  items: RegionItem[];
}

/** GET api/region/tree?level=1|2|3: full names; items is empty at the requested depth. */
export interface RegionTreeNode {
  regionCode: string;
  regionName: string;
  items: RegionTreeNode[];
}

export interface DictItem {
  dictCode: string;
  dictName: string;
}

/** GET api/dict/list */
export interface DictLists {
  face: DictItem[];
  intDeco: DictItem[];
  indoStru: DictItem[];
  bldgType: DictItem[];
  bldgStru: DictItem[];
}

/** GET api/business/list: the caller's company's business types. */
export interface BusinessItem {
  id: number;
  businessName: string;
}

/**
 * GET api/eval-field/list: the configurable fields of the valuation form as they apply to the
 * caller (company setting, else tenant setting, else the default). id is null for a default.
 */
export interface EvalFieldItem {
  id: number | null;
  fieldName: string;
  fieldKey: string;
  fieldType: 'text' | 'select' | 'number';
  /** 0 fixed, 1 display and required adjustable, 2 only required adjustable. */
  entryType: 0 | 1 | 2;
  display: boolean;
  required: boolean;
}

/** One match of GET api/community/filter. */
export interface CommunityPosition {
  haCode: string;
  haName: string;
  cityName: string;
  distName: string;
  mainStreet: string;
  lat: number | null;
  lon: number | null;
}

/** GET api/community/filter; location is the best match as 'lon,lat' (null without coordinates). */
export interface CommunityFilterResult {
  position: CommunityPosition[];
  location: string | null;
}

export interface PriceHistoryPoint {
  /** Average unit price of the month. */
  price: number;
  /** Change against the previous calendar month, percent with 2 decimals; null without one. */
  priceLink: number | null;
  month: string;
}

/** GET api/community/price */
export interface CommunityPriceHistory {
  saleHistory: PriceHistoryPoint[];
  leaseHistory: PriceHistoryPoint[];
}

/** GET api/community/analysis */
export interface MonthSeries {
  rows: { month: string; data: number }[];
}

/** GET api/community/dist: step is the lower bound of a price bucket, data the number of cases. */
export interface PriceDistribution {
  rows: { step: number; data: number }[];
  /** Width of every bucket. */
  stepSize: number;
}

/** GET api/community/br: by room count (15 stands for 15 or more). */
export interface RoomTypeSeries {
  rows: { br: number; data: number }[];
}

/** One item of GET api/community/list, nearest first. */
export interface NearbyCommunity {
  haCode: string;
  haName: string;
  /** 'lon,lat' in the caller's datum. */
  location: string;
  /** Latest average sale unit price, null without an index. */
  price: number | null;
  leasePrice: number | null;
  imageUrl: string;
  distName: string;
  address: string;
  /** Metres from the given point. */
  distance: number;
  /** Where the community lies seen from the given point (东, 东南...). */
  direction: string;
  /** Property type codes of the community, comma-separated (11,22). */
  haPropType: string;
  bldgtype: string;
}

export interface NearbyCommunityList {
  items: NearbyCommunity[];
}

/** GET api/community/gpstoha */
export interface GpsCommunityList {
  items: { haCode: string; haName: string; distName: string; streetName: string; streetNo: string }[];
}

/** GET api/community/detail */
export interface CommunityDetail {
  haCode: string;
  haName: string;
  cityName: string;
  address: string;
  /** 'lon,lat' in bd09ll. */
  bdlocation: string | null;
  imageUrl: string;
  price: number | null;
  priceRise: number | null;
  leasePrice: number | null;
  leasePriceRise: number | null;
  /** Month of the latest sale index (yyyy-MM). */
  priceMonth: string | null;
  buildyear: number | null;
  /** Names of the property types found in the community (住宅、商铺). */
  haClName: string;
  /** Codes of those property types (11,22). */
  protoType: string;
  bldgType: string;
  carItem: { type: string; qnt: number }[];
  constArea: number | null;
  groundArea: number | null;
  greeningRate: number | null;
  volumeRate: number | null;
  landuse: string;
  devCoName: string;
  cos: { coAddr: string };
  wyCoName: string;
  households: number | null;
  distName: string;
  streetName: string;
  streetNo: string;
}

/** GET api/community/local-market: the city's latest monthly averages. */
export interface LocalMarket {
  result: {
    price: number | null;
    priceRise: number | null;
    leasePrice: number | null;
    leasePriceRise: number | null;
    /** Month of the latest sale index (yyyy-MM). */
    month: string | null;
  };
}

export interface AroundPoi {
  name: string;
  direction: string;
  /** Metres from the community. */
  distance: number;
}

/** GET api/community/around: points of interest within 1 km, nearest first. */
export interface CommunityAround {
  transport: (AroundPoi & { routes: { routeName: string }[] })[];
  education: AroundPoi[];
  medical: AroundPoi[];
}
