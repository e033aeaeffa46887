/**
 * Market data read API: regions, dictionaries, business types, form fields and communities.
 * Coordinates are answered in the datum the caller names (coordtype, default bd09ll);
 * months are yyyy-MM; unit prices are yuan/m² for sale and yuan/month/m² for lease.
 */

import { z } from 'zod';

export const coordTypeNameSchema = z
  .enum(['bd09ll', 'gcj02', 'wgs84'])
  .describe(
    'Market data read API: regions, dictionaries, business types, form fields and communities. Coordinates are answered in the datum the caller names (coordtype, default bd09ll); months are yyyy-MM; unit prices are yuan/m² for sale and yuan/month/m² for lease.',
  );
export type CoordTypeName = z.infer<typeof coordTypeNameSchema>;

export const regionItemSchema = z
  .object({
    regionName: z.string(),
    regionCode: z.string(),
  })
  .meta({
    id: 'RegionItem',
    description: 'GET api/region/filter and the items of GET api/region/py; regionName is the short name (北京).',
  });
export type RegionItem = z.infer<typeof regionItemSchema>;

export const regionPinyinGroupSchema = z
  .object({
    pyKey: z.string(),
    items: z.array(regionItemSchema),
  })
  .meta({ id: 'RegionPinyinGroup', description: 'GET api/region/py: cities grouped by the first letter of their pinyin, A to Z.' });
export type RegionPinyinGroup = z.infer<typeof regionPinyinGroupSchema>;

export const regionTreeNodeSchema = z
  .object({
    regionCode: z.string(),
    regionName: z.string(),
    get items() {
      return z.array(regionTreeNodeSchema);
    },
  })
  .meta({ id: 'RegionTreeNode', description: 'GET api/region/tree?level=1|2|3: full names; items is empty at the requested depth.' });
export type RegionTreeNode = z.infer<typeof regionTreeNodeSchema>;

export const dictItemSchema = z
  .object({
    dictCode: z.string(),
    dictName: z.string(),
  })
  .meta({ id: 'DictItem' });
export type DictItem = z.infer<typeof dictItemSchema>;

export const dictListsSchema = z
  .object({
    face: z.array(dictItemSchema),
    intDeco: z.array(dictItemSchema),
    indoStru: z.array(dictItemSchema),
    bldgType: z.array(dictItemSchema),
    bldgStru: z.array(dictItemSchema),
  })
  .meta({ id: 'DictLists', description: 'GET api/dict/list' });
export type DictLists = z.infer<typeof dictListsSchema>;

export const businessItemSchema = z
  .object({
    id: z.number(),
    businessName: z.string(),
  })
  .meta({ id: 'BusinessItem', description: "GET api/business/list: the caller's company's business types." });
export type BusinessItem = z.infer<typeof businessItemSchema>;

export const evalFieldItemSchema = z
  .object({
    id: z.number().nullable(),
    fieldName: z.string(),
    fieldKey: z.string(),
    fieldType: z.enum(['text', 'select', 'number']),
    entryType: z.literal([0, 1, 2]).describe('0 fixed, 1 display and required adjustable, 2 only required adjustable.'),
    display: z.boolean(),
    required: z.boolean(),
  })
  .meta({
    id: 'EvalFieldItem',
    description:
      'GET api/eval-field/list: the configurable fields of the valuation form as they apply to the caller (company setting, else tenant setting, else the default). id is null for a default.',
  });
export type EvalFieldItem = z.infer<typeof evalFieldItemSchema>;

export const communityPositionSchema = z
  .object({
    haCode: z.string(),
    haName: z.string(),
    cityName: z.string(),
    distName: z.string(),
    mainStreet: z.string(),
    lat: z.number().nullable(),
    lon: z.number().nullable(),
  })
  .meta({ id: 'CommunityPosition', description: 'One match of GET api/community/filter.' });
export type CommunityPosition = z.infer<typeof communityPositionSchema>;

export const communityFilterResultSchema = z
  .object({
    position: z.array(communityPositionSchema),
    location: z.string().nullable(),
  })
  .meta({
    id: 'CommunityFilterResult',
    description: "GET api/community/filter; location is the best match as 'lon,lat' (null without coordinates).",
  });
export type CommunityFilterResult = z.infer<typeof communityFilterResultSchema>;

export const priceHistoryPointSchema = z
  .object({
    price: z.number().describe('Average unit price of the month.'),
    priceLink: z.number().nullable().describe('Change against the previous calendar month, percent with 2 decimals; null without one.'),
    month: z.string(),
  })
  .meta({ id: 'PriceHistoryPoint' });
export type PriceHistoryPoint = z.infer<typeof priceHistoryPointSchema>;

export const communityPriceHistorySchema = z
  .object({
    saleHistory: z.array(priceHistoryPointSchema),
    leaseHistory: z.array(priceHistoryPointSchema),
  })
  .meta({ id: 'CommunityPriceHistory', description: 'GET api/community/price' });
export type CommunityPriceHistory = z.infer<typeof communityPriceHistorySchema>;

export const monthSeriesSchema = z
  .object({
    rows: z.array(
      z.object({
        month: z.string(),
        data: z.number(),
      }),
    ),
  })
  .meta({ id: 'MonthSeries', description: 'GET api/community/analysis' });
export type MonthSeries = z.infer<typeof monthSeriesSchema>;

export const priceDistributionSchema = z
  .object({
    rows: z.array(
      z.object({
        step: z.number(),
        data: z.number(),
      }),
    ),
    stepSize: z.number().describe('Width of every bucket.'),
  })
  .meta({
    id: 'PriceDistribution',
    description: 'GET api/community/dist: step is the lower bound of a price bucket, data the number of cases.',
  });
export type PriceDistribution = z.infer<typeof priceDistributionSchema>;

export const roomTypeSeriesSchema = z
  .object({
    rows: z.array(
      z.object({
        br: z.number(),
        data: z.number(),
      }),
    ),
  })
  .meta({ id: 'RoomTypeSeries', description: 'GET api/community/br: by room count (15 stands for 15 or more).' });
export type RoomTypeSeries = z.infer<typeof roomTypeSeriesSchema>;

export const nearbyCommunitySchema = z
  .object({
    haCode: z.string(),
    haName: z.string(),
    location: z.string().describe("'lon,lat' in the caller's datum."),
    price: z.number().nullable().describe('Latest average sale unit price, null without an index.'),
    leasePrice: z.number().nullable(),
    imageUrl: z.string(),
    distName: z.string(),
    address: z.string(),
    distance: z.number().describe('Metres from the given point.'),
    direction: z.string().describe('Where the community lies seen from the given point (东, 东南...).'),
    haPropType: z.string().describe('Property type codes of the community, comma-separated (11,22).'),
    bldgtype: z.string(),
  })
  .meta({ id: 'NearbyCommunity', description: 'One item of GET api/community/list, nearest first.' });
export type NearbyCommunity = z.infer<typeof nearbyCommunitySchema>;

export const nearbyCommunityListSchema = z
  .object({
    items: z.array(nearbyCommunitySchema),
  })
  .meta({ id: 'NearbyCommunityList' });
export type NearbyCommunityList = z.infer<typeof nearbyCommunityListSchema>;

export const gpsCommunityListSchema = z
  .object({
    items: z.array(
      z.object({
        haCode: z.string(),
        haName: z.string(),
        distName: z.string(),
        streetName: z.string(),
        streetNo: z.string(),
      }),
    ),
  })
  .meta({ id: 'GpsCommunityList', description: 'GET api/community/gpstoha' });
export type GpsCommunityList = z.infer<typeof gpsCommunityListSchema>;

export const communityDetailSchema = z
  .object({
    haCode: z.string(),
    haName: z.string(),
    cityName: z.string(),
    address: z.string(),
    bdlocation: z.string().nullable().describe("'lon,lat' in bd09ll."),
    imageUrl: z.string(),
    price: z.number().nullable(),
    priceRise: z.number().nullable(),
    leasePrice: z.number().nullable(),
    leasePriceRise: z.number().nullable(),
    priceMonth: z.string().nullable().describe('Month of the latest sale index (yyyy-MM).'),
    buildyear: z.number().nullable(),
    haClName: z.string().describe('Names of the property types found in the community (住宅、商铺).'),
    protoType: z.string().describe('Codes of those property types (11,22).'),
    bldgType: z.string(),
    carItem: z.array(
      z.object({
        type: z.string(),
        qnt: z.number(),
      }),
    ),
    constArea: z.number().nullable(),
    groundArea: z.number().nullable(),
    greeningRate: z.number().nullable(),
    volumeRate: z.number().nullable(),
    landuse: z.string(),
    devCoName: z.string(),
    cos: z.object({
      coAddr: z.string(),
    }),
    wyCoName: z.string(),
    households: z.number().nullable(),
    distName: z.string(),
    streetName: z.string(),
    streetNo: z.string(),
  })
  .meta({ id: 'CommunityDetail', description: 'GET api/community/detail' });
export type CommunityDetail = z.infer<typeof communityDetailSchema>;

export const localMarketSchema = z
  .object({
    result: z.object({
      price: z.number().nullable(),
      priceRise: z.number().nullable(),
      leasePrice: z.number().nullable(),
      leasePriceRise: z.number().nullable(),
      month: z.string().nullable().describe('Month of the latest sale index (yyyy-MM).'),
    }),
  })
  .meta({ id: 'LocalMarket', description: "GET api/community/local-market: the city's latest monthly averages." });
export type LocalMarket = z.infer<typeof localMarketSchema>;

export const aroundPoiSchema = z
  .object({
    name: z.string(),
    direction: z.string(),
    distance: z.number().describe('Metres from the community.'),
  })
  .meta({ id: 'AroundPoi' });
export type AroundPoi = z.infer<typeof aroundPoiSchema>;

export const communityAroundSchema = z
  .object({
    transport: z.array(aroundPoiSchema.extend({ routes: z.array(z.object({ routeName: z.string() })) })),
    education: z.array(aroundPoiSchema),
    medical: z.array(aroundPoiSchema),
  })
  .meta({ id: 'CommunityAround', description: 'GET api/community/around: points of interest within 1 km, nearest first.' });
export type CommunityAround = z.infer<typeof communityAroundSchema>;

export const geocodeLevelSchema = z
  .enum(['community', 'street_no', 'street', 'poi', 'area', 'district'])
  .describe(
    'What the address matched, most precise first: a community (name or address), a house number on a road, a road, a point of interest, a business area, a district.',
  );
export type GeocodeLevelName = z.infer<typeof geocodeLevelSchema>;

export const geocodeResultSchema = z
  .object({
    lat: z.number(),
    lon: z.number(),
    level: geocodeLevelSchema,
    label: z.string().describe('What was matched, in words: 春晓丽舍, 紫竹院路（门牌191号附近）, 中关村（商圈）, 海淀区.'),
    address: z.string().describe('The address of the place found (海淀区紫竹院路191号).'),
  })
  .meta({
    id: 'GeocodeResult',
    description: 'GET api/geo/geocode: where a typed address lies in the city, in the datum asked for (coordtype, default bd09ll).',
  });
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
