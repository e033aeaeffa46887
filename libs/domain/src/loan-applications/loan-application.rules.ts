import { z } from 'zod';
import { catalogueId, catalogueName, catalogueRemark } from '../catalogues/catalogue-text';
import { LoanMsg } from '../collateral/collateral.rules';
import { isBlankFilter } from '../filters/list-filters';
import { YUAN_PER_WAN } from '../format/price-format';
import { checkDateRange, dateRangeFilterShape, filterTextSchema } from '../validation/eval-list.schemas';
import { pageQuerySchema } from '../validation/paging.schemas';

/**
 * Loan applications (贷款申请, route LoanApplyFor): a borrower asks a customer company for a loan
 * secured by a property valued in the platform; the company approves (with the amount granted and,
 * once booked, the loan number), rejects (with its opinion) or the applicant withdraws it. Only a
 * pending application changes.
 */
export const LoanApplyMsg = {
  applyNoRequired: '请输入申请编号',
  applyNoInvalid: '申请编号只能包含字母、数字和-，且不超过32个字符',
  applyNoTaken: '该申请编号已存在',
  borrowerRequired: '请输入借款人',
  borrowerTooLong: '借款人不能超过50个字符',
  phoneInvalid: '联系电话只能包含数字和-，且不超过20个字符',
  amountInvalid: '请输入正确的申请金额（万元，大于0，最多两位小数）',
  termInvalid: '请输入1至360之间的整数期限（月）',
  purposeTooLong: '贷款用途不能超过100个字符',
  evalCodeRequired: '请选择押品估价记录',
  recordNotFound: '押品估价记录不存在',
  recordNotSale: '押品须为有估价结果的售价估价记录',
  notFound: '贷款申请不存在',
  stateInvalid: '审批状态不正确',
  decisionInvalid: '请选择审批结果',
  approvedAmountInvalid: '请输入正确的批准金额（万元，大于0，最多两位小数）',
  approvedAmountTooHigh: '批准金额不能超过申请金额',
  opinionRequired: '拒绝申请时请填写审批意见',
  opinionTooLong: '审批意见不能超过500个字符',
  loanNoTooLong: LoanMsg.loanNoTooLong,
  loanNoTaken: '该贷款编号已用于本公司另一笔贷款申请',
  alreadyDecided: '该申请已审批，不能重复审批',
  added: '贷款申请新增成功！',
  edited: '编辑成功！',
  approved: '已批准该贷款申请',
  rejected: '已拒绝该贷款申请',
  withdrawn: '已撤回该贷款申请',
  withdrawConfirm: '确定撤回该贷款申请吗？撤回后不能再编辑或审批。',
} as const;

/** Why a collateral whose asset already carries another loan cannot take the approved loan. */
export const assetHasLoanMessage = (loanNo: string) => `该押品已登记贷款${loanNo}，请先在资产管理中清除其贷款信息`;

/** States: 0 pending, 1 approved, 2 rejected, 3 withdrawn. */
export const LOAN_APPLY_STATES = { 0: '待审批', 1: '已批准', 2: '已拒绝', 3: '已撤回' } as const;
export type LoanApplyState = 0 | 1 | 2 | 3;

/**
 * The names of the states in the list filter and the history: the filter cannot use the numbers,
 * since a list's 0 means "no filter".
 */
export const LOAN_APPLY_STATE_KEYS = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type LoanApplyStateKey = (typeof LOAN_APPLY_STATE_KEYS)[number];

export const LOAN_APPLY_LIMITS = { applyNo: 32, borrower: 50, phone: 20, purpose: 100, opinion: 500, loanNo: 40, termMax: 360 } as const;

/** What can happen to an application: filed, changed, decided or withdrawn. */
export type LoanApplyEvent = 'submit' | 'edit' | 'approve' | 'reject' | 'withdraw';
export type LoanApplyAction = Exclude<LoanApplyEvent, 'submit'>;

export const LOAN_APPLY_EVENT_LABELS: Readonly<Record<LoanApplyEvent, string>> = {
  submit: '提交申请',
  edit: '修改申请',
  approve: '批准',
  reject: '拒绝',
  withdraw: '撤回',
};

const ACTION_LABELS: Readonly<Record<LoanApplyAction, string>> = { edit: '编辑', approve: '审批', reject: '审批', withdraw: '撤回' };

/** The state an action leaves the application in. */
export const LOAN_APPLY_NEXT_STATE: Readonly<Record<LoanApplyAction, LoanApplyState>> = { edit: 0, approve: 1, reject: 2, withdraw: 3 };

/**
 * Why an action is refused in a state, or null when it is allowed: only a pending application is
 * edited, decided or withdrawn, and a decided one is never decided again.
 */
export function loanApplyRefusal(state: number, action: LoanApplyAction): string | null {
  if (state === 0) return null;
  if ((state === 1 || state === 2) && (action === 'approve' || action === 'reject')) return LoanApplyMsg.alreadyDecided;
  const label = LOAN_APPLY_STATES[state as LoanApplyState] ?? '已处理';
  return `该申请${label}，只有待审批的申请可以${ACTION_LABELS[action]}`;
}

/** The actions a state allows (what the page offers). */
export function loanApplyActions(state: number): LoanApplyAction[] {
  return (['edit', 'approve', 'reject', 'withdraw'] as const).filter((a) => loanApplyRefusal(state, a) === null);
}

/** Why an approved amount is refused against the amount applied for (both in yuan), or null. */
export function approvedAmountRefusal(requested: number, approved: number): string | null {
  return approved > requested ? LoanApplyMsg.approvedAmountTooHigh : null;
}

/** Field labels of an application in the operation log. */
export const LOAN_APPLY_LOG_LABELS = {
  applyNo: '申请编号',
  borrower: '借款人',
  borrowerPhone: '联系电话',
  amount: '申请金额（元）',
  term: '期限（月）',
  purpose: '贷款用途',
  evalCode: '押品估价编号',
  state: '审批状态',
  approvedAmount: '批准金额（元）',
  opinion: '审批意见',
  decisionDate: '审批日期',
  loanNo: '贷款编号',
} as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const blankToUndefined = (v: unknown) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v);
const emptyToUndefined = (v: unknown) => {
  const t = trimmed(v);
  return t === '' || t === null ? undefined : t;
};

const amountText = (v: unknown) => emptyToUndefined(typeof v === 'string' ? v.replace(/,/g, '') : v);

/** An amount typed in 万元 with at most two decimals, positive and below a trillion yuan; yuan out. */
const wanNumber = (message: string) =>
  z.coerce
    .number({ message })
    .refine((n) => Number.isFinite(n) && n > 0 && n < 1e8 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, message)
    .transform((n) => Math.round(n * YUAN_PER_WAN * 100) / 100);

const wanAmount = (message: string) => z.preprocess(amountText, wanNumber(message));
const optionalWanAmount = (message: string) => z.preprocess(amountText, wanNumber(message).optional());

const applyFields = {
  applyNo: z.preprocess(
    (v) => trimmed(v ?? ''),
    z
      .string({ message: LoanApplyMsg.applyNoRequired })
      .min(1, LoanApplyMsg.applyNoRequired)
      .max(LOAN_APPLY_LIMITS.applyNo, LoanApplyMsg.applyNoInvalid)
      .regex(/^[A-Za-z0-9-]*$/, LoanApplyMsg.applyNoInvalid),
  ),
  borrower: catalogueName(LOAN_APPLY_LIMITS.borrower, LoanApplyMsg.borrowerRequired, LoanApplyMsg.borrowerTooLong),
  borrowerPhone: z.preprocess(
    emptyToUndefined,
    z
      .string({ message: LoanApplyMsg.phoneInvalid })
      .regex(/^[0-9-]{1,20}$/, LoanApplyMsg.phoneInvalid)
      .optional()
      .transform((v) => v ?? null),
  ),
  amount: wanAmount(LoanApplyMsg.amountInvalid),
  term: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: LoanApplyMsg.termInvalid })
      .int(LoanApplyMsg.termInvalid)
      .min(1, LoanApplyMsg.termInvalid)
      .max(LOAN_APPLY_LIMITS.termMax, LoanApplyMsg.termInvalid),
  ),
  purpose: catalogueRemark(LOAN_APPLY_LIMITS.purpose, LoanApplyMsg.purposeTooLong),
  evalCode: z.preprocess(
    (v) => trimmed(v ?? ''),
    z.string({ message: LoanApplyMsg.evalCodeRequired }).min(1, LoanApplyMsg.evalCodeRequired).max(32, LoanApplyMsg.recordNotFound),
  ),
};

/** POST api/loan-apply/add (form): amount in 万元 (yuan out), term in months, the collateral's valuation code. */
export const loanApplySchema = z.object(applyFields);
export type LoanApplyInput = z.output<typeof loanApplySchema>;

/** POST api/loan-apply/edit (form): id and the fields of add. */
export const loanApplyEditSchema = z.object({ id: catalogueId(LoanApplyMsg.notFound), ...applyFields });
export type LoanApplyEdit = z.output<typeof loanApplyEditSchema>;

/** The decisions: 1 approve, 2 reject. */
export const LOAN_APPLY_DECISIONS = { 1: '批准', 2: '拒绝' } as const;

/**
 * POST api/loan-apply/decide (form): id, state 1 (approve: approvedAmount in 万元, loanNo
 * optional) or 2 (reject: opinion required); opinion is optional on approval. The amount is
 * checked against the application's by approvedAmountRefusal.
 */
export const loanApplyDecideSchema = z
  .object({
    id: catalogueId(LoanApplyMsg.notFound),
    state: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: LoanApplyMsg.decisionInvalid })
        .refine((n) => n === 1 || n === 2, LoanApplyMsg.decisionInvalid)
        .transform((n) => n as 1 | 2),
    ),
    approvedAmount: optionalWanAmount(LoanApplyMsg.approvedAmountInvalid),
    loanNo: z.preprocess(
      emptyToUndefined,
      z.string({ message: LoanApplyMsg.loanNoTooLong }).max(LOAN_APPLY_LIMITS.loanNo, LoanApplyMsg.loanNoTooLong).optional(),
    ),
    opinion: catalogueRemark(LOAN_APPLY_LIMITS.opinion, LoanApplyMsg.opinionTooLong),
  })
  .superRefine((v, ctx) => {
    if (v.state === 1 && v.approvedAmount === undefined)
      ctx.addIssue({ code: 'custom', path: ['approvedAmount'], message: LoanApplyMsg.approvedAmountInvalid });
    if (v.state === 2 && v.opinion === '') ctx.addIssue({ code: 'custom', path: ['opinion'], message: LoanApplyMsg.opinionRequired });
  })
  .transform((v) =>
    v.state === 1
      ? { id: v.id, state: v.state, approvedAmount: v.approvedAmount ?? 0, loanNo: v.loanNo ?? null, opinion: v.opinion }
      : { id: v.id, state: v.state, approvedAmount: null, loanNo: null, opinion: v.opinion },
  );
export type LoanApplyDecision = z.output<typeof loanApplyDecideSchema>;

/** POST api/loan-apply/withdraw (form: id); GET api/loan-apply/detail (query id). */
export const loanApplyIdSchema = z.object({ id: catalogueId(LoanApplyMsg.notFound) });

const filterShape = {
  applyNo: filterTextSchema(LOAN_APPLY_LIMITS.applyNo),
  borrower: filterTextSchema(LOAN_APPLY_LIMITS.borrower),
  state: z.preprocess(
    blankToUndefined,
    z
      .enum(LOAN_APPLY_STATE_KEYS, { message: LoanApplyMsg.stateInvalid })
      .transform((k) => LOAN_APPLY_STATE_KEYS.indexOf(k) as LoanApplyState)
      .optional(),
  ),
  ...dateRangeFilterShape,
};

/** GET api/loan-apply/export: application number and borrower (contained), state (pending, approved, rejected, withdrawn), the filing dates. */
export const loanApplyFilterSchema = z.object(filterShape).superRefine(checkDateRange);
export type LoanApplyFilter = z.output<typeof loanApplyFilterSchema>;

/** GET api/loan-apply/list: the filters and the page (sizes 10, 50, 100, 200). */
export const loanApplyListQuerySchema = z.object({ ...filterShape, ...pageQuerySchema().shape }).superRefine(checkDateRange);
export type LoanApplyListQuery = z.output<typeof loanApplyListQuerySchema>;

/** GET api/loan-apply/records: recent sale valuations to secure a loan, found by code, address or community. */
export const loanApplyRecordQuerySchema = z.object({ keyword: filterTextSchema(200) });
export type LoanApplyRecordQuery = z.output<typeof loanApplyRecordQuerySchema>;

/** Valuation records the collateral picker offers at most. */
export const LOAN_APPLY_RECORD_CHOICES = 20;
