/**
 * Appraisal cases answered by human appraisers: manual enquiries (artificial), re-appraisals
 * (review) and price objections, as the requester and the appraisers' queue see them.
 */

import { z } from 'zod';
import { evalRecordSchema } from './eval.contracts';

export const appraisalKindSchema = z
  .enum(['artificial', 'review', 'objection'])
  .describe(
    "Appraisal cases answered by human appraisers: manual enquiries (artificial), re-appraisals (review) and price objections, as the requester and the appraisers' queue see them.",
  );
export type AppraisalKind = z.infer<typeof appraisalKindSchema>;

export const caseFileViewSchema = z
  .object({
    index: z.number(),
    name: z.string(),
    size: z.number(),
    type: z.string(),
  })
  .meta({ id: 'CaseFileView', description: "An attachment of a case; download it through the case's file endpoint by index." });
export type CaseFileView = z.infer<typeof caseFileViewSchema>;

export const caseHistoryViewSchema = z
  .object({
    event: z.enum(['SUBMIT', 'CLAIM', 'RELEASE', 'ANSWER', 'REFUSE', 'READ', 'WITHDRAW']),
    eventName: z.string().describe('Chinese name of the event: 提交, 领取, 释放, 答复, 退回, 已读, 撤回.'),
    fromState: z.string().nullable(),
    toState: z.string(),
    actorName: z.string(),
    time: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'CaseHistoryView', description: 'One transition of a case.' });
export type CaseHistoryView = z.infer<typeof caseHistoryViewSchema>;

export const appraisalCaseViewSchema = z
  .object({
    id: z.number(),
    caseNo: z.string(),
    kind: appraisalKindSchema,
    state: z.literal([1, 2, 3, 4]).describe('1 pending/processing, 2 succeeded/completed, 3 failed, 4 withdrawn by the requester.'),
    machineState: z.string().describe('The workflow state: pending, claimed, succeeded, failed, completed, withdrawn.'),
    version: z.number(),
    evalType: z.literal([1, 2]),
    evalCode: z.string().nullable(),
    initiate: z.number().nullable(),
    sourceId: z.number().nullable(),
    cityCode: z.string(),
    cityName: z.string(),
    haCode: z.string().nullable(),
    haName: z.string().nullable(),
    cardAddress: z.string().nullable(),
    location: z.string().nullable(),
    bldgArea: z.number().nullable(),
    principalCode: z.string().nullable(),
    houseInfo: z.record(z.string(), z.unknown()),
    reason: z.number().nullable(),
    otherReason: z.string().nullable(),
    remark: z.string(),
    proposedPrice: z.number().nullable(),
    originalPrice: z.number().nullable(),
    files: z.array(caseFileViewSchema),
    assigneeName: z.string().nullable(),
    reviewTotalPrice: z.number().nullable(),
    reviewUnitPrice: z.number().nullable(),
    reviewReply: z.string().nullable(),
    refuseReason: z.string().nullable(),
    submitTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    reviewTime: z.string().nullable(),
    dueTime: z.string(),
    overdue: z.boolean(),
    read: z.boolean().describe('The requester has read the answer.'),
    ownRequest: z.boolean().describe("The caller filed the case: only the requester's opening of an answer marks it read."),
    history: z.array(caseHistoryViewSchema),
  })
  .meta({ id: 'AppraisalCaseView', description: 'A case in full: what was asked, its state, the answer and its history.' });
export type AppraisalCaseView = z.infer<typeof appraisalCaseViewSchema>;

export const priceHistoryItemSchema = z
  .object({
    type: z.literal([1, 2, 3]).describe('Artificial type: 1 automatic valuation, 2 manual inquiry, 3 manual re-appraisal.'),
    id: z.number().describe("The valuation record's id (type 1) or the case's id."),
    code: z.string().describe('The valuation code (type 1) or the case number.'),
    evalType: z.literal([1, 2]).describe('1 sale, 2 lease.'),
    evalDate: z.string().describe('When valued or answered, yyyy-MM-dd HH:mm:ss.'),
    totalPrice: z.number().describe("Yuan (a month's rent for leases)."),
    unitPrice: z.number().nullable(),
  })
  .meta({
    id: 'PriceHistoryItem',
    description:
      "One price of a property's history: its automatic valuation (type 1), an answered manual enquiry (type 2) or an answered re-appraisal (type 3).",
  });
export type PriceHistoryItem = z.infer<typeof priceHistoryItemSchema>;

export const appraisalCaseRecordSchema = appraisalCaseViewSchema
  .extend({
    historyList: z.array(priceHistoryItemSchema),
  })
  .meta({
    id: 'AppraisalCaseRecord',
    description:
      'A manual enquiry or re-appraisal as api/artificial/get and api/review/get give it: the case, and the price history of the chain it belongs to, oldest first (cases without a price left out).',
  });
export type AppraisalCaseRecord = z.infer<typeof appraisalCaseRecordSchema>;

const caseListRowBase = {
  id: z.number(),
  caseNo: z.string(),
  submitTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  cityName: z.string(),
  cardAddress: z.string().nullable(),
  location: z.string().nullable().describe('The community name or the located address.'),
  evalType: z.literal([1, 2]).describe('1 sale, 2 lease.'),
  state: z.literal([1, 2, 3, 4]).describe('4: a manual enquiry its requester withdrew.'),
  read: z.boolean().describe('False for an answered (state 2 or 3) case the requester has not opened yet.'),
  ownRequest: z.boolean().describe("The caller filed the case: the unread marker is the requester's."),
};

export const artificialListRowSchema = z
  .object({
    ...caseListRowBase,
    principalCode: z.string().nullable(),
    reviewTotalPrice: z.number().nullable().describe("The appraiser's total price, in yuan."),
    status: z.literal([1, 2, 3]).describe('1 unanswered, 2 answered, 3 withdrawn.'),
    advisory: z.boolean().describe('Whether the advisory report of the answer exists.'),
  })
  .meta({ id: 'ArtificialListRow', description: 'A row of the manual inquiry list (GET api/artificial/list).' });
export type ArtificialListRow = z.infer<typeof artificialListRowSchema>;

export const reviewListRowSchema = z
  .object({
    ...caseListRowBase,
    principalCode: z.string().nullable(),
    bldgTypeName: z.string(),
    bldgArea: z.number().nullable(),
    initiate: z.number().nullable().describe('1 automatic valuation, 2 manual enquiry, 3 re-appraisal.'),
    reviewTotalPrice: z.number().nullable().describe("The appraiser's price, in yuan."),
    advisory: z.boolean(),
    inquiry: z.boolean(),
    totalPrice: z.number().nullable().describe('The contested (original) price, in yuan.'),
  })
  .meta({ id: 'ReviewListRow', description: 'A row of the re-appraisal list (GET api/review/list).' });
export type ReviewListRow = z.infer<typeof reviewListRowSchema>;

export const objectionListRowSchema = z
  .object({
    ...caseListRowBase,
    evalCode: z.string().nullable(),
    haName: z.string().nullable(),
    bldgArea: z.number().nullable(),
    totalPrice: z.number().nullable().describe('The valued price, in yuan.'),
    price: z.number().nullable().describe('The proposed price, in yuan.'),
    reason: z.number().nullable(),
    stateName: z.string(),
    reviewReply: z.string().nullable(),
  })
  .meta({ id: 'ObjectionListRow', description: 'A row of the price objection list (GET api/objection/list).' });
export type ObjectionListRow = z.infer<typeof objectionListRowSchema>;

export const artificialSubmittedSchema = z
  .object({
    id: z.number(),
    caseNo: z.string(),
    state: z.literal([1, 2, 3, 4]),
    repeated: z.boolean().describe('True when the same request was already filed moments ago and that case is returned.'),
  })
  .meta({ id: 'ArtificialSubmitted', description: 'Answer of POST api/artificial/add and api/artificial/idadd.' });
export type ArtificialSubmitted = z.infer<typeof artificialSubmittedSchema>;

export const caseSubmittedSchema = z
  .object({ id: z.number(), caseNo: z.string() })
  .meta({ id: 'CaseSubmitted', description: 'Answer of POST api/review/add and api/objection/add: the new case.' });
export type CaseSubmitted = z.infer<typeof caseSubmittedSchema>;

export const caseReadSchema = z
  .object({ read: z.boolean().describe('Whether the answer is now marked read.') })
  .meta({ id: 'CaseRead', description: 'Answer of the read markers of re-appraisals and objections.' });
export type CaseRead = z.infer<typeof caseReadSchema>;

export const objectionDetailSchema = z
  .object({ objection: appraisalCaseViewSchema, record: evalRecordSchema.nullable().describe('The contested valuation record.') })
  .meta({ id: 'ObjectionDetail', description: 'GET api/objection/detail.' });
export type ObjectionDetail = z.infer<typeof objectionDetailSchema>;
