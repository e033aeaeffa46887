import { z } from 'zod';
import { PROPERTY_TYPE_LABELS, ValuationMsg } from '@valuation/domain';
import { DEFAULT_COORD_TYPE, parseCoordType, type CoordType } from '@valuation/core';

export const CommunityMsg = {
  cityRequired: '未获取到城市信息，请刷新重新定位或选择城市！',
  haRequired: '请选择小区',
  distInvalid: '区县不正确',
  nameRequired: '请输入小区名称',
  nameTooLong: '小区名称不能超过50个字符',
  noMatch: ValuationMsg.noCommunity,
  notFound: ValuationMsg.noCommunity,
  propTypeInvalid: '物业类型不正确',
  coordTypeInvalid: '坐标类型只能为bd09ll、gcj02或wgs84',
  latInvalid: '请输入正确的纬度',
  lonInvalid: '请输入正确的经度',
  limitInvalid: '返回条数只能为1至50',
  distanceInvalid: '查询半径只能为1至5000米',
  sinceYearInvalid: '统计年限只能为1至20年',
  tradeTypeInvalid: '交易类型不正确',
  statTypeInvalid: '统计类型不正确',
  statKeyInvalid: '统计项不正确',
  businessInvalid: '业务类型不正确',
  noImage: '该小区暂无图片',
} as const;

export const LIST_LIMIT_MAX = 50;
export const LIST_DISTANCE_MAX = 5000;
export const MAX_ROOMS = 15;

/**
 * Query strings arrive as text: empty values count as absent, and the spellings the pages use
 * (proptype, coordType, lng) are read as propType, coordtype and lon.
 */
function normaliseQuery(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === '' || v === undefined) continue;
    const key = k === 'proptype' ? 'propType' : k === 'coordType' ? 'coordtype' : k === 'lng' ? 'lon' : k;
    if (!(key in out)) out[key] = v;
  }
  return out;
}

export const query = <T extends z.ZodRawShape>(shape: T) => z.preprocess(normaliseQuery, z.object(shape));

const text = (message: string, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ message }).min(1, message).max(max, message));

const int = (message: string, min: number, max: number) => z.coerce.number({ message }).int(message).min(min, message).max(max, message);

const city = text(CommunityMsg.cityRequired, 20);
const ha = text(CommunityMsg.haRequired, 32);

const propType = z.coerce
  .number({ message: CommunityMsg.propTypeInvalid })
  .int(CommunityMsg.propTypeInvalid)
  .refine((n) => n in PROPERTY_TYPE_LABELS, CommunityMsg.propTypeInvalid)
  .default(11);

export const coordtype = z
  .string({ message: CommunityMsg.coordTypeInvalid })
  .transform((v, ctx): CoordType => {
    const parsed = parseCoordType(v);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: CommunityMsg.coordTypeInvalid });
      return z.NEVER;
    }
    return parsed;
  })
  .default(DEFAULT_COORD_TYPE);

const lat = z.coerce.number({ message: CommunityMsg.latInvalid }).min(-90, CommunityMsg.latInvalid).max(90, CommunityMsg.latInvalid);
const lon = z.coerce.number({ message: CommunityMsg.lonInvalid }).min(-180, CommunityMsg.lonInvalid).max(180, CommunityMsg.lonInvalid);
const sinceYear = (defaultYears: number) => int(CommunityMsg.sinceYearInvalid, 1, 20).default(defaultYears);

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { message });

export const filterQuery = query({
  city,
  dist: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ message: CommunityMsg.distInvalid }).max(20, CommunityMsg.distInvalid),
    )
    .optional(),
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z.string({ message: CommunityMsg.nameRequired }).min(2, CommunityMsg.nameRequired).max(50, CommunityMsg.nameTooLong),
  ),
  coordtype,
});
export type FilterQuery = z.output<typeof filterQuery>;

export const priceQuery = query({
  city,
  ha,
  propType,
  tradeType: oneOf(['forsale_history', 'lease_history'], CommunityMsg.tradeTypeInvalid).optional(),
});
export type PriceQuery = z.output<typeof priceQuery>;

export const analysisQuery = query({
  city,
  ha,
  propType,
  tradeType: oneOf(['forsale', 'lease', 'newha'], CommunityMsg.tradeTypeInvalid).default('forsale'),
  sinceYear: sinceYear(2),
  statType: oneOf(['price', 'count'], CommunityMsg.statTypeInvalid).default('price'),
  /** A room count (1..15, 15 meaning 15 or more) to which the series is restricted. */
  statKey: int(CommunityMsg.statKeyInvalid, 1, MAX_ROOMS).optional(),
});
export type AnalysisQuery = z.output<typeof analysisQuery>;

export const distQuery = query({
  city,
  ha,
  propType,
  tradeType: oneOf(['forsale', 'lease'], CommunityMsg.tradeTypeInvalid).default('forsale'),
  sinceYear: sinceYear(5),
  /** price: unit price; total: total price. */
  statType: oneOf(['price', 'total'], CommunityMsg.statTypeInvalid).default('price'),
});
export type DistQuery = z.output<typeof distQuery>;

export const roomTypeQuery = query({
  city,
  ha,
  propType,
  tradeType: oneOf(['forsale', 'lease'], CommunityMsg.tradeTypeInvalid).default('forsale'),
  sinceYear: sinceYear(5),
  statKey: oneOf(['rate', 'price'], CommunityMsg.statKeyInvalid).default('rate'),
});
export type RoomTypeQuery = z.output<typeof roomTypeQuery>;

export const listQuery = query({
  city,
  propType,
  lat,
  lon,
  coordtype,
  limit: int(CommunityMsg.limitInvalid, 1, LIST_LIMIT_MAX).default(20),
  distance: int(CommunityMsg.distanceInvalid, 1, LIST_DISTANCE_MAX).default(500),
});
export type ListQuery = z.output<typeof listQuery>;

export const gpsQuery = query({ city, lat, lon, coordtype });

/** GET api/region/locate: a point anywhere, no city needed. */
export const locateQuery = query({ lat, lon, coordtype });
export type LocateQuery = z.output<typeof locateQuery>;
export type GpsQuery = z.output<typeof gpsQuery>;

export const detailQuery = query({ city, ha, propType });
export type DetailQuery = z.output<typeof detailQuery>;

export const aroundQuery = query({ city, ha });
export type AroundQuery = z.output<typeof aroundQuery>;

export const localMarketQuery = query({
  city,
  propType,
  tradeType: oneOf(['forsale', 'lease', '1', '2'], CommunityMsg.tradeTypeInvalid).optional(),
  businessId: int(CommunityMsg.businessInvalid, 1, 2_147_483_647).optional(),
});
export type LocalMarketQuery = z.output<typeof localMarketQuery>;

export const imageQuery = query({ ha });
