/**
 * Valuation API: api/eval/rapid, get, pm, reval, history/list, list and export.
 * Prices are in yuan: totalPrice is the whole property (sale) or the month (lease); unitPrice is
 * yuan/m² (sale) or yuan/month/m² (lease). Coordinates are bd09ll.
 */

import { z } from 'zod';

export const evalTypeSchema = z.literal([1, 2]).describe('1 sale, 2 lease.');
export type EvalType = z.infer<typeof evalTypeSchema>;

/** Query of POST api/eval/rapid and api/eval/reval. */
export interface EvalTypeQuery {
  evalType: EvalType;
}

export const valueRangeSchema = z
  .object({
    fsd: z.number().describe('Forecast standard deviation as a share of the value (0.068 is ±6.8 %).'),
    low: z.number().describe('Lower bound of the range about 68 % of prices fall within.'),
    high: z.number().describe('Upper bound of the range about 68 % of prices fall within.'),
    low95: z.number().describe('Lower bound of the range about 95 % of prices fall within.'),
    high95: z.number().describe('Upper bound of the range about 95 % of prices fall within.'),
  })
  .meta({
    id: 'ValueRange',
    description:
      "The calibrated range around a valuation's totalPrice, in the same unit (yuan for a sale, yuan/month for a lease), rounded like it; measured from the engine's own errors by method and market depth.",
  });
export type ValueRange = z.infer<typeof valueRangeSchema>;

const recordRangeSchema = valueRangeSchema
  .nullable()
  .describe('The calibrated range of totalPrice; null without a value and for records valued before ranges were kept.');

export const rapidResultSchema = z
  .object({
    evalCode: z.string(),
    state: z.number(),
    range: recordRangeSchema,
  })
  .meta({ id: 'RapidResult', description: 'Answer of POST api/eval/rapid and api/eval/reval. state 1 valued, 2 only a reference price.' });
export type RapidResult = z.infer<typeof rapidResultSchema>;

export const evalRecordSchema = z
  .object({
    id: z.number(),
    evalCode: z.string(),
    evalType: evalTypeSchema,
    method: z.string().describe('forsale, lease, fvSale, fvLease, mraSale, mraLease, msaSale, msaLease, averageSale, averageLease.'),
    state: z.number(),
    confidenceClass: z.string().nullable().describe('A, B or C; null without a value.'),
    haCode: z.string().nullable(),
    haName: z.string().nullable(),
    cityCode: z.string(),
    cityName: z.string(),
    propType: z.number(),
    proprtname: z.string(),
    businessTypeId: z.number().nullable(),
    businessTypeName: z.string().nullable(),
    principalCode: z.string().nullable(),
    principal: z.string().nullable(),
    owner: z.string().nullable(),
    cardAddress: z.string().nullable(),
    location: z.string().nullable(),
    gpsLon: z.number().nullable(),
    gpsLat: z.number().nullable(),
    buildNo: z.string().nullable(),
    unit: z.string().nullable(),
    roomNo: z.string().nullable(),
    bldgArea: z.number(),
    br: z.number().nullable(),
    lr: z.number().nullable(),
    ba: z.number().nullable(),
    cr: z.number().nullable(),
    floor: z.number().nullable(),
    bheight: z.number().nullable(),
    faceName: z.string(),
    intdecoName: z.string(),
    indoStruName: z.string(),
    bldgTypeName: z.string(),
    bldgstruName: z.string(),
    buildYear: z.number().nullable(),
    evalDate: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    totalPrice: z.number().nullable(),
    unitPrice: z.number().nullable(),
    sampleCount: z.number().nullable(),
    samplePriceMax: z.number().nullable(),
    samplePriceMin: z.number().nullable(),
    samplePriceAvg: z.number().nullable(),
    riskCoefficient: z.number().nullable(),
    riskTotalPrice: z.number().nullable(),
    range: recordRangeSchema,
    riskCoefficientLabel: z
      .string()
      .nullable()
      .describe('Which risk coefficient applied, as it was then: region · business · value (北京市/朝阳区 · 按揭贷款 · 0.85)'),
    engineVersion: z.string(),
    inquiry: z.boolean().describe('Whether an inquiry or advisory report exists for the record.'),
    advisory: z.boolean(),
  })
  .meta({ id: 'EvalRecord', description: 'A stored valuation record in the shape of the specification.' });
export type EvalRecord = z.infer<typeof evalRecordSchema>;

export const evalSampleSchema = z
  .object({
    id: z.string(),
    haName: z.string(),
    areaSize: z.number(),
    floor: z.number().nullable(),
    bheight: z.number().nullable(),
    br: z.number().nullable(),
    lr: z.number().nullable(),
    ba: z.number().nullable(),
    offerTime: z.string().nullable(),
    totalPrice: z.number(),
    unitPrice: z.number(),
  })
  .meta({ id: 'EvalSample', description: 'One comparable case of a valuation.' });
export type EvalSample = z.infer<typeof evalSampleSchema>;

export const evalBetaSchema = z
  .object({
    title: z.string(),
    value: z.number(),
  })
  .meta({ id: 'EvalBeta', description: 'Weight of a feature group for the radar chart; the values sum to 1.' });
export type EvalBeta = z.infer<typeof evalBetaSchema>;

export const evalResultSchema = z
  .object({
    record: evalRecordSchema,
    samples: z.array(evalSampleSchema),
    betas: z.array(evalBetaSchema),
  })
  .meta({ id: 'EvalResult', description: 'GET api/eval/get' });
export type EvalResult = z.infer<typeof evalResultSchema>;

export const evalTrendSchema = z
  .object({
    X: z.number().nullable().describe('Month-on-month change ratio of the last point (0.0123 is +1.23 %); null without the month before.'),
    R: z.number().nullable().describe('Year-on-year change ratio of the last point; null without the month a year before.'),
    month: z.string().nullable().describe('The month (yyyy-MM) of the last point; null without a series.'),
    source: z
      .enum(['community', 'district', 'city'])
      .nullable()
      .describe('Whose index the series is: the community, else its district, else its city.'),
    series: z
      .array(
        z.object({
          month: z.string(),
          value: z.number().describe('Average unit price: 元/㎡ for a sale, 元/月/㎡ for a rent.'),
          count: z.number().nullable().describe("Cases behind the month's own average; null when unknown."),
          smoothed: z.boolean().describe('The month had too few cases: its value is pooled with the months before it.'),
        }),
      )
      .describe('Monthly points of the last 2 years; empty (and X, R null) with fewer than 3 points.'),
    volatile: z.boolean().describe('The last month rests on few cases and moved a lot: X and R are shown with a caution, not as fact.'),
  })
  .meta({
    id: 'EvalTrend',
    description:
      'GET api/eval/pm: the price trend of the valuation, one series and the X (month-on-month) and R (year-on-year) change of its last point; the chart, the figures and the PDF all read it.',
  });
export type EvalTrend = z.infer<typeof evalTrendSchema>;

export const evalHistoryItemSchema = z
  .object({
    id: z.number().describe("The valuation record's id (type 1) or the case's id (types 2 and 3)."),
    evalCode: z.string().describe('The valuation, or the valuation the case stems from.'),
    caseNo: z.string().nullable().describe('The case number (types 2 and 3), null for a valuation.'),
    type: z.literal([1, 2, 3]).describe('Artificial type: 1 automatic valuation, 2 manual inquiry, 3 manual re-appraisal.'),
    evalType: evalTypeSchema.describe('A re-valuation may change sale to rent, so each item says which it is.'),
    evalDate: z.string().describe('When valued or answered.'),
    totalPrice: z.number().nullable(),
    unitPrice: z.number().nullable(),
    state: z.number().describe('Type 1: 1 valued, 2 reference price only; types 2 and 3: 2 answered.'),
  })
  .meta({
    id: 'EvalHistoryItem',
    description:
      'One row of GET api/eval/history/list, newest first: every valuation of the property (type 1) and the answered manual enquiries (type 2) and re-appraisals (type 3) with a price that stem from them.',
  });
export type EvalHistoryItem = z.infer<typeof evalHistoryItemSchema>;

/** Query of GET api/eval/list and api/eval/export; dates yyyy/MM/dd. */
export interface EvalListQuery {
  city?: string;
  cardAddress?: string;
  location?: string;
  beginDate?: string;
  endDate?: string;
  /** Property type (11, 21, 22); empty for all. */
  type?: number;
  evalType?: EvalType;
  pageIndex?: number;
  pageSize?: number;
}

export const evalListRowSchema = z
  .object({
    id: z.number(),
    evalCode: z.string(),
    evalDate: z.string(),
    cityName: z.string(),
    cardAddress: z.string().nullable(),
    location: z.string().nullable().describe('Community name or the marked address.'),
    haName: z.string().nullable(),
    principalCode: z.string().nullable(),
    propType: z.number(),
    proprtname: z.string(),
    bldgArea: z.number(),
    evalType: evalTypeSchema,
    method: z.string(),
    totalPrice: z.number().nullable(),
    unitPrice: z.number().nullable(),
    range: recordRangeSchema,
    inquiry: z.boolean(),
    advisory: z.boolean(),
    historyCount: z.number().describe('Number of valuations of the same property, this one included.'),
    answerCount: z
      .number()
      .describe('Answered manual enquiries and re-appraisals with a price that stem from those valuations (rows of its history list).'),
    asset: z.boolean(),
    state: z.number(),
  })
  .meta({ id: 'EvalListRow', description: 'One row of GET api/eval/list.' });
export type EvalListRow = z.infer<typeof evalListRowSchema>;
