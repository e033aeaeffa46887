import { z } from 'zod';
import { catalogueId } from '../catalogues/catalogue-text';
import { isBlankFilter } from '../filters/list-filters';
import { YUAN_PER_WAN } from '../format/price-format';
import { businessToday } from '../time/business-date';
import { recordIdSchema } from '../validation/fields';
import { pageQuerySchema } from '../validation/paging.schemas';

/**
 * Collateral monitoring: an asset may carry the loan it secures; revaluation runs value the
 * company's asset book again, and the company's drift rule turns what moved into alerts.
 */
export const LoanMsg = {
  loanNoRequired: '请输入贷款编号',
  loanNoTooLong: '贷款编号不能超过40个字符',
  amountInvalid: '请输入正确的贷款余额（万元，大于0）',
  dateInvalid: '请输入正确的放款日期（yyyy/MM/dd，不晚于今天）',
  originValueInvalid: '请输入正确的放款时估值（万元，大于0）',
  saved: '贷款信息保存成功！',
  cleared: '贷款信息已清除！',
  duplicateLoanNo: '该贷款编号已用于本公司另一资产',
} as const;

export const RevalMsg = {
  started: '重估任务已创建，正在估价',
  running: '已有重估任务正在进行，请等待其完成',
  noAssets: '暂无可重估的资产',
  runNotFound: '重估任务不存在',
  ruleSaved: '预警规则保存成功！',
  dropInvalid: '请输入1至100之间的整数百分比',
  ltvInvalid: '请输入1至200之间的整数百分比',
  scheduleInvalid: '请选择1至12个月的重估周期',
  stateInvalid: '状态不正确',
  kindInvalid: '预警类型不正确',
  readNothing: '请选择要标为已读的预警',
  readMarked: '已标为已读',
  scheduledUnpaid: '估价次数不足，定时重估未执行',
} as const;

/** Run states: 1 valuing, 2 finished, 3 failed. */
export const REVAL_RUN_STATES = { 1: '重估中', 2: '已完成', 3: '失败' } as const;
/** What started a run. */
export const REVAL_TRIGGERS = { 1: '手动', 2: '定期' } as const;
/** Item states: 0 waiting, 1 valued, 2 not valued. */
export const REVAL_ITEM_STATES = { 0: '待估价', 1: '已估价', 2: '未估价' } as const;
/** The names of the item states in list filters, where 0 would read as "no filter". */
export const REVAL_ITEM_STATE_NAMES = { waiting: 0, valued: 1, failed: 2 } as const;

export const DRIFT_KINDS = ['originDrop', 'lastDrop', 'ltv', 'classC'] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];
export const DRIFT_KIND_LABELS: Readonly<Record<DriftKind, string>> = {
  originDrop: '较放款时下跌',
  lastDrop: '较上次重估下跌',
  ltv: '抵押率超限',
  classC: '置信度降为C',
};

/** A company's drift rule; percentages are whole numbers. */
export interface DriftRule {
  originDropPct: number;
  lastDropPct: number;
  maxLtvPct: number;
  alertClassC: boolean;
  scheduleMonths: number;
  scheduleEnabled: boolean;
}

/** The rule of a company that has not set one: the usual thresholds of a lender's collateral policy, monthly. */
export const DEFAULT_DRIFT_RULE: DriftRule = {
  originDropPct: 10,
  lastDropPct: 10,
  maxLtvPct: 80,
  alertClassC: true,
  scheduleMonths: 1,
  scheduleEnabled: true,
};

/** Field labels of a drift rule in the operation log. */
export const DRIFT_RULE_LOG_LABELS = {
  originDropPct: '较放款时下跌阈值(%)',
  lastDropPct: '较上次重估下跌阈值(%)',
  maxLtvPct: '抵押率上限(%)',
  alertClassC: '置信度降为C时预警',
  scheduleMonths: '重估周期(月)',
  scheduleEnabled: '定期重估',
} as const;

/** What a revaluation found about one asset, in yuan. */
export interface RevaluedAsset {
  value: number;
  confidenceClass: string | null;
  /** The value when the loan was granted, if the loan says. */
  originValue: number | null;
  /** The value of the previous run, or of the asset's latest valuation before the first run. */
  prevValue: number | null;
  prevClass: string | null;
  loanAmount: number | null;
}

/** One rule an asset broke: what it measured against the rule's limit, both in percent. */
export interface DriftFinding {
  kind: DriftKind;
  actual: number;
  limit: number;
}

const pct = (n: number) => Math.round(n * 10000) / 100;

/** The loan-to-value of an asset in percent (two decimals); null without a loan or a value. */
export function loanToValue(loanAmount: number | null, value: number | null): number | null {
  if (loanAmount === null || value === null || value <= 0) return null;
  return pct(loanAmount / value);
}

/** The change from `before` to `after` in percent (two decimals, negative for a fall); null without a base. */
export function changePct(after: number, before: number | null): number | null {
  if (before === null || before <= 0) return null;
  return pct(after / before - 1);
}

/** The rules a revalued asset breaks: a fall past the limit since the loan or the last run, LTV above the limit, a class fallen to C. */
export function driftFindings(rule: DriftRule, a: RevaluedAsset): DriftFinding[] {
  const out: DriftFinding[] = [];
  const fromOrigin = changePct(a.value, a.originValue);
  if (fromOrigin !== null && -fromOrigin > rule.originDropPct)
    out.push({ kind: 'originDrop', actual: -fromOrigin, limit: rule.originDropPct });
  const fromLast = changePct(a.value, a.prevValue);
  if (fromLast !== null && -fromLast > rule.lastDropPct) out.push({ kind: 'lastDrop', actual: -fromLast, limit: rule.lastDropPct });
  const ltv = loanToValue(a.loanAmount, a.value);
  if (ltv !== null && ltv > rule.maxLtvPct) out.push({ kind: 'ltv', actual: ltv, limit: rule.maxLtvPct });
  if (rule.alertClassC && a.confidenceClass === 'C' && a.prevClass !== null && a.prevClass !== 'C')
    out.push({ kind: 'classC', actual: 0, limit: 0 });
  return out;
}

/** The sentence an alert shows. */
export function driftMessage(f: DriftFinding): string {
  switch (f.kind) {
    case 'originDrop':
      return `估值较放款时下跌${f.actual.toFixed(2)}%，超过${f.limit}%`;
    case 'lastDrop':
      return `估值较上次重估下跌${f.actual.toFixed(2)}%，超过${f.limit}%`;
    case 'ltv':
      return `抵押率${f.actual.toFixed(2)}%，超过${f.limit}%`;
    case 'classC':
      return '置信度降为C，估值可靠性下降';
  }
}

/** LTV bands of the structure analysis, in percent: [from, to). */
export const LTV_BANDS: readonly { label: string; from: number; to: number }[] = [
  { label: '50%以下', from: 0, to: 50 },
  { label: '50%-70%', from: 50, to: 70 },
  { label: '70%-80%', from: 70, to: 80 },
  { label: '80%-100%', from: 80, to: 100 },
  { label: '100%以上', from: 100, to: Number.POSITIVE_INFINITY },
];

const blankToUndefined = (v: unknown) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v);

/** An amount in 万元 with at most two decimals, positive and below a trillion yuan; yuan out. */
const wanAmount = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message })
      .refine((n) => Number.isFinite(n) && n > 0 && n < 1e8 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, message)
      .transform((n) => Math.round(n * YUAN_PER_WAN * 100) / 100),
  );

/** A calendar date written yyyy/MM/dd or yyyy-MM-dd, not after today (business clock); yyyy-MM-dd out. */
const pastDate = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replaceAll('/', '-') : v),
    z
      .string({ message })
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine((d) => {
        const [y, m, day] = d.split('-').map(Number);
        const at = new Date(Date.UTC(y, m - 1, day));
        return y >= 1980 && at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === day && d <= businessToday();
      }, message),
  );

/** POST api/asset/loan (form: id, loanNo, loanAmount and originValue in 万元, loanDate); amounts out in yuan. */
export const assetLoanSchema = z.object({
  id: catalogueId('资产不存在'),
  loanNo: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ message: LoanMsg.loanNoRequired }).min(1, LoanMsg.loanNoRequired).max(40, LoanMsg.loanNoTooLong),
  ),
  loanAmount: wanAmount(LoanMsg.amountInvalid),
  loanDate: pastDate(LoanMsg.dateInvalid),
  originValue: wanAmount(LoanMsg.originValueInvalid),
});
export type AssetLoanInput = z.output<typeof assetLoanSchema>;

/** A loan of a loan book row, checked: amounts in yuan, the date yyyy-MM-dd. */
export type LoanCells = Omit<AssetLoanInput, 'id'>;

const loanCellsSchema = assetLoanSchema.omit({ id: true });

export const LoanBookMsg = {
  duplicate: (row: number, first: number) => `第${row}行：贷款编号与第${first}行重复`,
  row: (row: number, message: string) => `第${row}行：${message}`,
  started: '贷款台账已导入，正在估价',
  updatedOnly: '贷款台账已导入：均为已有贷款，已更新贷款信息',
} as const;

/**
 * The loans of a loan book's rows (row numbers from 1), all checked before any work starts: the
 * first row with a loan cell the asset form would refuse, or a loan number already on an earlier
 * row, refuses the file with its row number.
 */
export function checkLoanBook(
  rows: readonly Partial<Record<'loanNo' | 'loanAmount' | 'loanDate' | 'originValue', string>>[],
): { ok: true; loans: LoanCells[] } | { ok: false; message: string } {
  const loans: LoanCells[] = [];
  const seen = new Map<string, number>();
  for (const [i, row] of rows.entries()) {
    const parsed = loanCellsSchema.safeParse(row);
    if (!parsed.success) return { ok: false, message: LoanBookMsg.row(i + 1, parsed.error.issues[0].message) };
    const first = seen.get(parsed.data.loanNo);
    if (first !== undefined) return { ok: false, message: LoanBookMsg.duplicate(i + 1, first) };
    seen.set(parsed.data.loanNo, i + 1);
    loans.push(parsed.data);
  }
  return { ok: true, loans };
}

/** POST api/asset/loan/clear (form: id). */
export const assetLoanClearSchema = z.object({ id: catalogueId('资产不存在') });

const wholePct = (max: number, message: string) => z.coerce.number({ message }).int(message).min(1, message).max(max, message);

const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean());

/** POST api/reval/rule (form): the company's drift rule and revaluation schedule. */
export const driftRuleSchema = z.object({
  originDropPct: wholePct(100, RevalMsg.dropInvalid),
  lastDropPct: wholePct(100, RevalMsg.dropInvalid),
  maxLtvPct: wholePct(200, RevalMsg.ltvInvalid),
  alertClassC: flag,
  scheduleMonths: wholePct(12, RevalMsg.scheduleInvalid),
  scheduleEnabled: flag,
}) satisfies z.ZodType<DriftRule, unknown>;

const optionalState = <T extends Record<number, string>>(states: T) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: RevalMsg.stateInvalid })
      .refine((n) => Object.hasOwn(states, n), RevalMsg.stateInvalid)
      .optional(),
  );

/** GET api/reval/runs: state and the page. */
export const revalRunListQuerySchema = z.object({ state: optionalState(REVAL_RUN_STATES), ...pageQuerySchema().shape });
export type RevalRunListQuery = z.output<typeof revalRunListQuerySchema>;

/** An item state by number or by name (REVAL_ITEM_STATE_NAMES); blank or all for every state. */
const itemState = z.preprocess(
  (v) => {
    const text = typeof v === 'string' ? v.trim() : v;
    if (text === undefined || text === null || text === '' || text === 'all') return undefined;
    return typeof text === 'string' && Object.hasOwn(REVAL_ITEM_STATE_NAMES, text)
      ? REVAL_ITEM_STATE_NAMES[text as keyof typeof REVAL_ITEM_STATE_NAMES]
      : text;
  },
  z.coerce
    .number({ message: RevalMsg.stateInvalid })
    .refine((n) => Object.hasOwn(REVAL_ITEM_STATES, n), RevalMsg.stateInvalid)
    .optional(),
);

/** GET api/reval/items: a run's items, by state (a number or its name), paged. */
export const revalItemListQuerySchema = z.object({
  runId: catalogueId(RevalMsg.runNotFound),
  state: itemState,
  ...pageQuerySchema().shape,
});
export type RevalItemListQuery = z.output<typeof revalItemListQuerySchema>;

const alertFilterShape = {
  kind: z.preprocess(blankToUndefined, z.enum(DRIFT_KINDS, { message: RevalMsg.kindInvalid }).optional()),
  runId: z.preprocess(blankToUndefined, catalogueId(RevalMsg.runNotFound).optional()),
  loanNo: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
};

/** GET api/reval/alerts/export. */
export const driftAlertFilterSchema = z.object(alertFilterShape);
export type DriftAlertFilter = z.output<typeof driftAlertFilterSchema>;

/** GET api/reval/alerts: the filters and the page. */
export const driftAlertListQuerySchema = z.object({ ...alertFilterShape, ...pageQuerySchema().shape });
export type DriftAlertListQuery = z.output<typeof driftAlertListQuerySchema>;

/** Alerts one read request marks at most by id. */
export const ALERT_READ_MAX_IDS = 200;

/**
 * POST api/reval/alerts/read (JSON or form): `ids` (an array, or ids separated by commas) or
 * `all` true for every unread alert of the caller's data range.
 */
export const driftAlertReadSchema = z
  .object({
    ids: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((part) => part.trim() !== '') : v === undefined || v === null ? [] : v),
      z
        .array(recordIdSchema(RevalMsg.readNothing, 'bigint'), { message: RevalMsg.readNothing })
        .max(ALERT_READ_MAX_IDS, RevalMsg.readNothing),
    ),
    all: flag,
  })
  .refine((v) => v.all || v.ids.length > 0, { message: RevalMsg.readNothing, path: ['ids'] });
export type DriftAlertReadInput = z.output<typeof driftAlertReadSchema>;
