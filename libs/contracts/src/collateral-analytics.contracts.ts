import { z } from 'zod';

const yuan = (what: string) => z.number().describe(`${what}, in yuan.`);

export const loanRunRefSchema = z
  .object({ id: z.number(), date: z.string().describe('The business day the run started, yyyy-MM-dd.') })
  .meta({ id: 'LoanRunRef', description: 'A finished revaluation run.' });
export type LoanRunRef = z.infer<typeof loanRunRefSchema>;

export const loanTrendPointSchema = z
  .object({
    runId: z.number(),
    date: z.string(),
    assets: z.number().int().describe('Assets valued in the run.'),
    valueTotal: yuan('Their values'),
    loanTotal: yuan('Their loans'),
    matched: z.number().int().describe('Assets valued in this run and the run before it, which move the index.'),
    index: z.number().describe('The chain-linked value index, 100 at the first run.'),
    change: z.number().nullable().describe('Change of the index from the run before, in percent.'),
  })
  .meta({ id: 'LoanTrendPoint' });
export type LoanTrendPoint = z.infer<typeof loanTrendPointSchema>;

export const loanTrendViewSchema = z
  .object({
    points: z.array(loanTrendPointSchema),
    seriesLevel: z.enum(['city', 'district']).describe('What the regional series are: the cities, or the districts of the chosen city.'),
    series: z
      .array(
        z.object({
          code: z.string(),
          name: z.string(),
          points: z.array(z.object({ runId: z.number(), index: z.number() })),
        }),
      )
      .describe('The index of each of the five regions of most value in the latest run.'),
  })
  .meta({
    id: 'LoanTrendView',
    description: 'GET api/reval/analytics/trend: the value index of the asset book over the finished runs, and by region.',
  });
export type LoanTrendView = z.infer<typeof loanTrendViewSchema>;

export const loanStructureGroupSchema = z
  .object({
    key: z.string().describe("The group's code ('' for items without one)."),
    label: z.string(),
    count: z.number().int(),
    valueTotal: yuan('Values'),
    loanTotal: yuan('Loans'),
    avgLtv: z.number().nullable().describe('Mean LTV of the items with a loan, in percent.'),
  })
  .meta({ id: 'LoanStructureGroup' });
export type LoanStructureGroup = z.infer<typeof loanStructureGroupSchema>;

export const loanStructureViewSchema = z
  .object({
    run: loanRunRefSchema.nullable().describe('The run analysed; null before the first finished run.'),
    runs: z.array(loanRunRefSchema).describe('The finished runs, newest first.'),
    dimensions: z.array(
      z.object({
        key: z.enum(['city', 'district', 'propType', 'confidenceClass', 'ltvBand', 'vintage']),
        label: z.string(),
        groups: z.array(loanStructureGroupSchema),
      }),
    ),
  })
  .meta({
    id: 'LoanStructureView',
    description: 'GET api/reval/analytics/structure: the book of a run by city, district, property type, class, LTV band and loan year.',
  });
export type LoanStructureView = z.infer<typeof loanStructureViewSchema>;

export const loanHouseAssetSchema = z
  .object({
    id: z.number(),
    cityName: z.string(),
    distName: z.string(),
    haCode: z.string().nullable(),
    haName: z.string().nullable(),
    propType: z.number().int(),
    bldgArea: z.number(),
    loanNo: z.string().nullable(),
    loanAmount: z.number().nullable(),
    loanDate: z.string().nullable(),
    originValue: z.number().nullable(),
  })
  .meta({ id: 'LoanHouseAsset' });

export const loanHousePointSchema = z
  .object({
    source: z.enum(['valuation', 'reval']).describe('A valuation record of the property before the first run, or a run.'),
    runId: z.number().nullable(),
    date: z.string(),
    value: yuan('The value'),
    unitPrice: z.number().nullable(),
    confidenceClass: z.string().nullable(),
    loanAmount: z.number().nullable(),
    ltv: z.number().nullable().describe('In percent.'),
  })
  .meta({ id: 'LoanHousePoint' });
export type LoanHousePoint = z.infer<typeof loanHousePointSchema>;

export const loanHouseViewSchema = z
  .object({
    asset: loanHouseAssetSchema,
    history: z.array(loanHousePointSchema).describe('Oldest first.'),
    community: z.object({
      runs: z
        .array(z.object({ runId: z.number(), date: z.string(), items: z.number().int(), avgUnitPrice: z.number(), index: z.number() }))
        .describe(
          "Mean unit price of the book's items of the community in each run, and its chain-linked index on the same items' unit prices (100 at the first).",
        ),
      market: z
        .array(z.object({ month: z.string(), avgUnitPrice: z.number(), caseCount: z.number().int() }))
        .describe("The community's monthly market price index (sale, the asset's property type), last 24 months."),
    }),
    alerts: z.array(
      z.object({ id: z.number(), runId: z.number(), kind: z.string(), actual: z.number(), message: z.string(), createTime: z.string() }),
    ),
  })
  .meta({
    id: 'LoanHouseView',
    description: "GET api/reval/analytics/house: one asset's value history, LTV path, its community's index and its alerts.",
  });
export type LoanHouseView = z.infer<typeof loanHouseViewSchema>;

export const loanAssetOptionSchema = z
  .object({ assetId: z.number(), loanNo: z.string(), haName: z.string().nullable(), cityName: z.string() })
  .meta({ id: 'LoanAssetOption' });
export type LoanAssetOption = z.infer<typeof loanAssetOptionSchema>;

export const loanMoverSchema = z
  .object({
    assetId: z.number(),
    cityName: z.string(),
    haName: z.string().nullable(),
    loanNo: z.string().nullable(),
    prevValue: yuan('The value before the run'),
    value: yuan('The value the run found'),
    change: z.number().describe('In percent.'),
  })
  .meta({ id: 'LoanMover' });
export type LoanMover = z.infer<typeof loanMoverSchema>;

export const loanScreenViewSchema = z
  .object({
    run: z
      .object({
        id: z.number(),
        date: z.string(),
        assets: z.number().int(),
        loanAssets: z.number().int(),
        valueTotal: z.number(),
        loanTotal: z.number(),
        ltv: z.number().nullable().describe('Loans over the value of the assets that carry one, in percent.'),
      })
      .nullable()
      .describe('The latest finished run; null before the first.'),
    alerts: z.array(z.object({ kind: z.string(), label: z.string(), count: z.number().int() })),
    ltvBands: z.array(z.object({ label: z.string(), count: z.number().int(), loanTotal: z.number() })),
    falls: z.array(loanMoverSchema).describe('The ten biggest falls from the value before the run.'),
    rises: z.array(loanMoverSchema).describe('The ten biggest rises.'),
    trend: z.array(z.object({ runId: z.number(), date: z.string(), valueTotal: z.number(), loanTotal: z.number() })),
    refreshTime: z.string(),
  })
  .meta({ id: 'LoanScreenView', description: 'GET api/reval/analytics/screen: the credit committee dashboard.' });
export type LoanScreenView = z.infer<typeof loanScreenViewSchema>;
