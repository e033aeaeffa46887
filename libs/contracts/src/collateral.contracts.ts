import { z } from 'zod';
import { pagedSchema } from './envelope';

export const driftRuleViewSchema = z
  .object({
    originDropPct: z.number().int(),
    lastDropPct: z.number().int(),
    maxLtvPct: z.number().int(),
    alertClassC: z.boolean(),
    scheduleMonths: z.number().int(),
    scheduleEnabled: z.boolean(),
    nextRunDate: z.string().nullable().describe('When the schedule opens the next run, yyyy-MM-dd; null when it is off.'),
    charged: z.boolean().describe('Whether a run uses one valuation count per asset (the channel sets it for the company).'),
  })
  .meta({ id: 'DriftRuleView', description: "GET api/reval/rule: the company's drift rule and revaluation schedule." });
export type DriftRuleView = z.infer<typeof driftRuleViewSchema>;

export const revalRunViewSchema = z
  .object({
    id: z.number(),
    trigger: z.number().int().describe('1 on demand, 2 scheduled.'),
    state: z.number().int().describe('1 valuing, 2 finished, 3 failed.'),
    accountName: z.string(),
    engineVersion: z.string(),
    total: z.number().int(),
    processed: z.number().int(),
    valued: z.number().int(),
    alerts: z.number().int(),
    valueTotal: z.number().describe('Sum of the new values, in yuan.'),
    loanTotal: z.number().describe('Sum of the loans of the valued assets, in yuan.'),
    ltv: z.number().nullable().describe('loanTotal over the value of the assets that carry a loan, in percent.'),
    errorReason: z.string().nullable(),
    charged: z.boolean().describe('Whether the run used valuation counts.'),
    chargeCount: z.number().int().describe('Valuation counts taken when the run opened: one per asset.'),
    refundCount: z.number().int().describe('Counts given back for the assets it did not value, once it ended.'),
    createTime: z.string(),
    finishTime: z.string().nullable(),
  })
  .meta({ id: 'RevalRunView', description: 'A revaluation run of the asset book.' });
export type RevalRunView = z.infer<typeof revalRunViewSchema>;

export const revalRunListSchema = pagedSchema(revalRunViewSchema).meta({ id: 'RevalRunList' });

export const revalItemViewSchema = z
  .object({
    id: z.number(),
    assetId: z.number(),
    state: z.number().int().describe('0 waiting, 1 valued, 2 not valued.'),
    cityName: z.string(),
    haName: z.string().nullable(),
    bldgArea: z.number(),
    loanNo: z.string().nullable(),
    loanAmount: z.number().nullable().describe('In yuan.'),
    originValue: z.number().nullable().describe('In yuan.'),
    prevValue: z.number().nullable().describe('The value before this run, in yuan.'),
    totalPrice: z.number().nullable().describe('The new value, in yuan.'),
    unitPrice: z.number().nullable().describe('元/㎡'),
    change: z.number().nullable().describe('Change from prevValue, in percent.'),
    confidenceClass: z.string().nullable(),
    ltv: z.number().nullable().describe('In percent.'),
    alerts: z.array(z.string()).describe('The kinds of the alerts the item raised.'),
    error: z.string().nullable(),
  })
  .meta({ id: 'RevalItemView', description: 'One asset of a revaluation run.' });
export type RevalItemView = z.infer<typeof revalItemViewSchema>;

export const revalItemListSchema = pagedSchema(revalItemViewSchema).meta({ id: 'RevalItemList' });

export const driftAlertViewSchema = z
  .object({
    id: z.number(),
    runId: z.number(),
    assetId: z.number(),
    kind: z.string().describe('originDrop, lastDrop, ltv or classC.'),
    actual: z.number().describe('What was measured, in percent.'),
    threshold: z.number().describe("The rule's limit, in percent."),
    message: z.string(),
    cityName: z.string(),
    haName: z.string().nullable(),
    loanNo: z.string().nullable(),
    loanAmount: z.number().nullable(),
    totalPrice: z.number().nullable().describe('The value the run found, in yuan.'),
    read: z.boolean().describe('Marked read for the company.'),
    createTime: z.string(),
  })
  .meta({ id: 'DriftAlertView', description: 'An alert a revaluation run raised.' });
export type DriftAlertView = z.infer<typeof driftAlertViewSchema>;

export const driftAlertListSchema = pagedSchema(driftAlertViewSchema).meta({ id: 'DriftAlertList' });

export const driftAlertReadResultSchema = z
  .object({ marked: z.number().int().describe('Alerts this request marked read (those already read are not counted).') })
  .meta({ id: 'DriftAlertReadResult' });
export type DriftAlertReadResult = z.infer<typeof driftAlertReadResultSchema>;
