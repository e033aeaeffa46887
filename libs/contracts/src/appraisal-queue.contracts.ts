/**
 * The appraisers' work queue in the channel area (api/tenant/appraisal/...): the queue rows, the
 * badge counts and a case with what the appraiser needs to answer it.
 */
import { z } from 'zod';
import { pagedSchema } from './envelope';
import { appraisalCaseViewSchema, appraisalKindSchema } from './appraisal.contracts';
import { evalRecordSchema, evalSampleSchema, evalTrendSchema } from './eval.contracts';

export const appraisalQueueRowSchema = z
  .object({
    id: z.number(),
    caseNo: z.string(),
    kind: appraisalKindSchema,
    kindName: z.string().describe('人工询价, 人工复评 or 价格异议.'),
    state: z.literal([1, 2, 3, 4]),
    machineState: z.string(),
    cityName: z.string(),
    haName: z.string().nullable(),
    location: z.string().nullable(),
    cardAddress: z.string().nullable(),
    evalType: z.literal([1, 2]),
    bldgArea: z.number().nullable(),
    submitTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    dueTime: z.string(),
    overdue: z.boolean(),
    assigneeName: z.string().nullable(),
    mine: z.boolean().describe('Held by the caller.'),
    version: z.number(),
    companyName: z.string().describe("The requester's customer company."),
  })
  .meta({ id: 'AppraisalQueueRow' });
export type AppraisalQueueRow = z.infer<typeof appraisalQueueRowSchema>;

export const appraisalQueuePageSchema = pagedSchema(appraisalQueueRowSchema).meta({ id: 'AppraisalQueuePage' });
export type AppraisalQueuePage = z.infer<typeof appraisalQueuePageSchema>;

export const appraisalCountsSchema = z
  .object({
    open: z.number(),
    overdue: z.number(),
    mine: z.number(),
  })
  .meta({ id: 'AppraisalCounts', description: 'Open cases, open cases past their due time, open cases held by the caller.' });
export type AppraisalCounts = z.infer<typeof appraisalCountsSchema>;

export const appraisalRequesterSchema = z
  .object({
    accountName: z.string(),
    loginUser: z.string(),
    organizationName: z.string(),
    companyName: z.string(),
  })
  .meta({ id: 'AppraisalRequester' });
export type AppraisalRequester = z.infer<typeof appraisalRequesterSchema>;

export const appraisalMarketCaseSchema = z
  .object({
    id: z.string(),
    caseDate: z.string(),
    area: z.number(),
    floor: z.number().nullable(),
    totalFloors: z.number().nullable(),
    rooms: z.number().nullable(),
    halls: z.number().nullable(),
    totalPrice: z.number(),
    unitPrice: z.number(),
    source: z.string(),
  })
  .meta({ id: 'AppraisalMarketCase', description: "A listing or deal of the case's community." });
export type AppraisalMarketCase = z.infer<typeof appraisalMarketCaseSchema>;

export const appraisalCaseDetailSchema = appraisalCaseViewSchema
  .extend({
    kindName: z.string(),
    mine: z.boolean().describe('Held by the caller.'),
    requester: appraisalRequesterSchema.nullable(),
    valuation: z
      .object({
        record: evalRecordSchema,
        samples: z.array(evalSampleSchema),
      })
      .nullable()
      .describe('The automatic valuation the case starts from, with its sample cases.'),
    recentCases: z.array(appraisalMarketCaseSchema).describe("The community's cases of the last 12 months, newest first (at most 20)."),
    priceTrend: evalTrendSchema.describe(
      "The price trend of the valuation the case starts from (as its report shows it), else of the case's community, district or city.",
    ),
  })
  .meta({ id: 'AppraisalCaseDetail' });
export type AppraisalCaseDetail = z.infer<typeof appraisalCaseDetailSchema>;
