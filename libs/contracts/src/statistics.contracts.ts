import { z } from 'zod';
import { pagedSchema } from './envelope';

const countShape = {
  ha: z.number().int(),
  rapid: z.number().int(),
  manual: z.number().int(),
  repeat: z.number().int(),
  batch: z.number().int(),
  advisory: z.number().int(),
  inquiry: z.number().int(),
};

const totalShape = {
  /** Distinct communities of every counted item (not the sum of the rows' ha). */
  haTotal: z.number().int(),
  rapidTotal: z.number().int(),
  manualTotal: z.number().int(),
  repeatTotal: z.number().int(),
  batchTotal: z.number().int(),
  advisoryTotal: z.number().int(),
  inquiryTotal: z.number().int(),
  /** Items counted: the number of detail rows under the same filters. */
  itemTotal: z.number().int(),
};

export const statSummaryRowSchema = z
  .object({
    organizationId: z.number().int(),
    organizationName: z.string(),
    account: z.string(),
    loginUser: z.string(),
    userName: z.string(),
    accountId: z.number().int(),
    ...countShape,
  })
  .meta({ id: 'StatSummaryRow' });
export type StatSummaryRow = z.infer<typeof statSummaryRowSchema>;

export const statSummarySchema = z
  .object({
    pageInfo: pagedSchema(statSummaryRowSchema),
    organizationTotal: z.number().int(),
    userTotal: z.number().int(),
    ...totalShape,
  })
  .meta({ id: 'StatSummary', description: 'GET api/statistics/summary: rows per organisation and account, and the totals of every row.' });
export type StatSummary = z.infer<typeof statSummarySchema>;

const itemShape = {
  /** 11 quick, 12 batch, 13 manual enquiry, 14 re-appraisal, 21 inquiry report, 22 advisory report. */
  statSubMethod: z.number().int(),
  /** The label of the sub-method (快速估价...). */
  evalMethod: z.string(),
  /** The record's evalCode, the case number or the report code. */
  code: z.string(),
  evalDate: z.string(),
  evalType: z.number().int(),
  cityName: z.string(),
  haName: z.string(),
  cardAddress: z.string(),
  location: z.string(),
  principalCode: z.string(),
  bldgTypeName: z.string(),
  bldgArea: z.number().nullable(),
  /** Yuan (sale) or yuan per month (lease); null when the item has no price yet (a case not answered). */
  totalPrice: z.number().nullable(),
  unitPrice: z.number().nullable(),
};

export const statItemRowSchema = z
  .object({ organizationName: z.string(), account: z.string(), userName: z.string(), ...itemShape })
  .meta({ id: 'StatItemRow' });
export type StatItemRow = z.infer<typeof statItemRowSchema>;

export const statItemsSchema = z
  .object({ pageInfo: pagedSchema(statItemRowSchema), organizationTotal: z.number().int(), userTotal: z.number().int(), ...totalShape })
  .meta({ id: 'StatItems', description: 'GET api/statistics/items: items newest first, and their totals.' });
export type StatItems = z.infer<typeof statItemsSchema>;

export const channelStatSummaryRowSchema = z
  .object({
    companyId: z.number().int(),
    companyName: z.string(),
    /** The account's id. */
    customer: z.number().int(),
    loginUser: z.string(),
    userName: z.string(),
    categoryName: z.string(),
    ...countShape,
  })
  .meta({ id: 'ChannelStatSummaryRow' });
export type ChannelStatSummaryRow = z.infer<typeof channelStatSummaryRowSchema>;

export const channelStatSummarySchema = z
  .object({
    pageInfo: pagedSchema(channelStatSummaryRowSchema),
    customerTotal: z.number().int(),
    userTotal: z.number().int(),
    ...totalShape,
  })
  .meta({
    id: 'ChannelStatSummary',
    description: 'GET api/tenant/statistics/summary: rows per customer company and account, and the totals.',
  });
export type ChannelStatSummary = z.infer<typeof channelStatSummarySchema>;

export const channelStatItemRowSchema = z
  .object({ companyName: z.string(), loginUser: z.string(), userName: z.string(), ...itemShape })
  .meta({ id: 'ChannelStatItemRow' });
export type ChannelStatItemRow = z.infer<typeof channelStatItemRowSchema>;

export const channelStatItemsSchema = z
  .object({ pageInfo: pagedSchema(channelStatItemRowSchema), customerTotal: z.number().int(), userTotal: z.number().int(), ...totalShape })
  .meta({ id: 'ChannelStatItems', description: 'GET api/tenant/statistics/items: items newest first, and their totals.' });
export type ChannelStatItems = z.infer<typeof channelStatItemsSchema>;
