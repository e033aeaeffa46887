import { z } from 'zod';
import { pagedSchema } from './envelope';

export const loanApplyCollateralSchema = z
  .object({
    evalId: z.number(),
    evalCode: z.string(),
    cityName: z.string(),
    cardAddress: z.string().nullable().describe('证载地址'),
    location: z.string().nullable().describe('The community, or the location when the valuation names none.'),
    bldgArea: z.number().describe('㎡'),
    totalPrice: z.number().nullable().describe('The valuation total, in yuan.'),
    unitPrice: z.number().nullable().describe('元/㎡'),
    evalDate: z.string().describe('When it was valued, yyyy-MM-dd HH:mm:ss.'),
    confidenceClass: z.string().nullable().describe('A, B or C; null when the method gives none.'),
  })
  .meta({
    id: 'LoanApplyCollateral',
    description: 'The valuation record securing a loan application; GET api/loan-apply/records answers a list of them.',
  });
export type LoanApplyCollateral = z.infer<typeof loanApplyCollateralSchema>;

export const loanApplyViewSchema = z
  .object({
    id: z.number(),
    applyNo: z.string(),
    borrower: z.string(),
    borrowerPhone: z.string().nullable(),
    amount: z.number().describe('The amount applied for, in yuan.'),
    term: z.number().int().describe('Months.'),
    purpose: z.string(),
    evalCode: z.string(),
    collateral: loanApplyCollateralSchema.nullable().describe('Null when the valuation record is no longer there.'),
    inquiryReport: z.string().nullable().describe("The code of the valuation's inquiry report; null when none was made."),
    advisoryReport: z.string().nullable().describe("The code of the valuation's advisory report; null when none was made."),
    ltv: z.number().nullable().describe('The amount applied for over the valuation total, in percent.'),
    state: z.number().int().describe('0 待审批, 1 已批准, 2 已拒绝, 3 已撤回.'),
    approvedAmount: z.number().nullable().describe('In yuan.'),
    approvedLtv: z.number().nullable().describe('The approved amount over the valuation total, in percent.'),
    opinion: z.string(),
    decidedBy: z.number().nullable().describe('The account that decided.'),
    decidedName: z.string().nullable(),
    decisionDate: z.string().nullable().describe('yyyy-MM-dd'),
    loanNo: z.string().nullable(),
    assetId: z.number().nullable().describe('The asset that carries the loan, once approved with a loan number.'),
    createName: z.string(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'LoanApplyView', description: 'A loan application with its collateral and decision.' });
export type LoanApplyView = z.infer<typeof loanApplyViewSchema>;

export const loanApplyListSchema = pagedSchema(loanApplyViewSchema).meta({ id: 'LoanApplyList' });

export const loanApplyHistoryItemSchema = z
  .object({
    event: z.string().describe('submit, edit, approve, reject or withdraw.'),
    eventName: z.string(),
    fromState: z.number().int().nullable(),
    toState: z.number().int(),
    actorName: z.string(),
    time: z.string(),
    detail: z.string().nullable().describe('What the step said: the amount and loan number approved, the opinion.'),
  })
  .meta({ id: 'LoanApplyHistoryItem' });
export type LoanApplyHistoryItem = z.infer<typeof loanApplyHistoryItemSchema>;

export const loanApplyDetailSchema = loanApplyViewSchema
  .extend({ history: z.array(loanApplyHistoryItemSchema).describe('Oldest first.') })
  .meta({ id: 'LoanApplyDetail', description: 'GET api/loan-apply/detail.' });
export type LoanApplyDetail = z.infer<typeof loanApplyDetailSchema>;
