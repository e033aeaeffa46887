import { setBusinessClock } from '../time/business-zone';
import { BATCH_COLUMNS, LOAN_BOOK_COLUMNS, matchBatchHeader } from '../batch/batch-template.columns';
import {
  assetLoanSchema,
  changePct,
  checkLoanBook,
  LoanBookMsg,
  DEFAULT_DRIFT_RULE,
  driftFindings,
  driftMessage,
  driftRuleSchema,
  loanToValue,
  LoanMsg,
  RevalMsg,
  revalItemListQuerySchema,
  type RevaluedAsset,
} from './collateral.rules';

const asset = (patch: Partial<RevaluedAsset>): RevaluedAsset => ({
  value: 1_000_000,
  confidenceClass: 'A',
  originValue: null,
  prevValue: null,
  prevClass: null,
  loanAmount: null,
  ...patch,
});

describe('drift findings', () => {
  it('measures LTV and change in percent with two decimals', () => {
    expect(loanToValue(800_000, 1_000_000)).toBe(80);
    expect(loanToValue(1, 3)).toBe(33.33);
    expect(loanToValue(null, 1_000_000)).toBeNull();
    expect(loanToValue(5, 0)).toBeNull();
    expect(changePct(900_000, 1_000_000)).toBe(-10);
    expect(changePct(900_000, null)).toBeNull();
  });

  it('alerts past the limits only, not at them', () => {
    expect(driftFindings(DEFAULT_DRIFT_RULE, asset({ originValue: 1_111_111, prevValue: 1_111_111, loanAmount: 800_000 }))).toEqual([]);
    expect(driftFindings(DEFAULT_DRIFT_RULE, asset({ originValue: 1_250_000, prevValue: 1_200_000, loanAmount: 850_000 }))).toEqual([
      { kind: 'originDrop', actual: 20, limit: 10 },
      { kind: 'lastDrop', actual: 16.67, limit: 10 },
      { kind: 'ltv', actual: 85, limit: 80 },
    ]);
  });

  it('alerts when the confidence class falls to C, not when it was C already or is unknown before', () => {
    expect(driftFindings(DEFAULT_DRIFT_RULE, asset({ confidenceClass: 'C', prevClass: 'B' })).map((f) => f.kind)).toEqual(['classC']);
    expect(driftFindings(DEFAULT_DRIFT_RULE, asset({ confidenceClass: 'C', prevClass: 'C' }))).toEqual([]);
    expect(driftFindings(DEFAULT_DRIFT_RULE, asset({ confidenceClass: 'C', prevClass: null }))).toEqual([]);
    expect(driftFindings({ ...DEFAULT_DRIFT_RULE, alertClassC: false }, asset({ confidenceClass: 'C', prevClass: 'A' }))).toEqual([]);
  });

  it('words each finding', () => {
    expect(driftMessage({ kind: 'ltv', actual: 85, limit: 80 })).toBe('抵押率85.00%，超过80%');
    expect(driftMessage({ kind: 'originDrop', actual: 20, limit: 10 })).toBe('估值较放款时下跌20.00%，超过10%');
  });
});

describe('loan and rule forms', () => {
  afterEach(() => setBusinessClock());

  it('takes amounts in 万元 and gives yuan, dates as yyyy/MM/dd not after today', () => {
    setBusinessClock(() => new Date('2026-03-10T04:00:00Z'));
    const ok = assetLoanSchema.safeParse({ id: '7', loanNo: ' L-1 ', loanAmount: '320.5', loanDate: '2026/03/10', originValue: '500' });
    expect(ok.success && ok.data).toEqual({ id: 7, loanNo: 'L-1', loanAmount: 3_205_000, loanDate: '2026-03-10', originValue: 5_000_000 });
    const message = (patch: Record<string, string>) => {
      const r = assetLoanSchema.safeParse({
        id: '7',
        loanNo: 'L-1',
        loanAmount: '320',
        loanDate: '2026/03/01',
        originValue: '500',
        ...patch,
      });
      return r.success ? null : r.error.issues[0].message;
    };
    expect(message({ loanAmount: '0' })).toBe(LoanMsg.amountInvalid);
    expect(message({ loanAmount: '1.234' })).toBe(LoanMsg.amountInvalid);
    expect(message({ loanDate: '2026/03/11' })).toBe(LoanMsg.dateInvalid);
    expect(message({ loanDate: '2026/02/30' })).toBe(LoanMsg.dateInvalid);
    expect(message({ loanNo: '  ' })).toBe(LoanMsg.loanNoRequired);
    expect(message({ originValue: 'x' })).toBe(LoanMsg.originValueInvalid);
  });

  it('checks the rule', () => {
    const base = {
      originDropPct: '10',
      lastDropPct: '10',
      maxLtvPct: '80',
      alertClassC: 'true',
      scheduleMonths: '1',
      scheduleEnabled: 'false',
    };
    expect(driftRuleSchema.parse(base)).toEqual({ ...DEFAULT_DRIFT_RULE, scheduleEnabled: false });
    expect(driftRuleSchema.safeParse({ ...base, maxLtvPct: '201' }).error?.issues[0].message).toBe(RevalMsg.ltvInvalid);
    expect(driftRuleSchema.safeParse({ ...base, scheduleMonths: '13' }).error?.issues[0].message).toBe(RevalMsg.scheduleInvalid);
    expect(driftRuleSchema.safeParse({ ...base, lastDropPct: '2.5' }).error?.issues[0].message).toBe(RevalMsg.dropInvalid);
  });
});

describe('loan books', () => {
  it('take the batch columns and the loan columns, all loan columns required', () => {
    const header = LOAN_BOOK_COLUMNS.map((c) => c.header);
    const matched = matchBatchHeader(header, LOAN_BOOK_COLUMNS);
    expect(matched.ok && matched.keys.slice(-4)).toEqual(['loanNo', 'loanAmount', 'loanDate', 'originValue']);
    expect(
      matchBatchHeader(
        BATCH_COLUMNS.map((c) => c.header),
        LOAN_BOOK_COLUMNS,
      ),
    ).toEqual({
      ok: false,
      missing: ['贷款编号*', '贷款余额(万元)*', '放款日期*', '放款时估值(万元)*'],
    });
    // A batch file ignores the loan columns.
    const batch = matchBatchHeader(header);
    expect(batch.ok && batch.keys.slice(-4)).toEqual([null, null, null, null]);
  });

  it('check every row before anything is done, naming the first bad row', () => {
    const row = { loanNo: 'A1', loanAmount: '100', loanDate: '2022/01/01', originValue: '200' };
    expect(checkLoanBook([row, { ...row, loanNo: 'A2' }])).toEqual({
      ok: true,
      loans: [
        { loanNo: 'A1', loanAmount: 1_000_000, loanDate: '2022-01-01', originValue: 2_000_000 },
        { loanNo: 'A2', loanAmount: 1_000_000, loanDate: '2022-01-01', originValue: 2_000_000 },
      ],
    });
    expect(checkLoanBook([row, { ...row, loanNo: 'A2', loanDate: '2022/13/01' }])).toEqual({
      ok: false,
      message: LoanBookMsg.row(2, LoanMsg.dateInvalid),
    });
    expect(checkLoanBook([row, { ...row, loanNo: 'A2' }, row])).toEqual({ ok: false, message: '第3行：贷款编号与第1行重复' });
    expect(checkLoanBook([{ ...row, loanNo: undefined }])).toEqual({ ok: false, message: LoanBookMsg.row(1, LoanMsg.loanNoRequired) });
  });
});

describe('run item filter', () => {
  const state = (value: unknown) => {
    const parsed = revalItemListQuerySchema.safeParse({ runId: '7', state: value });
    return parsed.success ? parsed.data.state : parsed.error.issues[0].message;
  };

  it('takes the waiting state by name or as 0, and blank or all as every state', () => {
    expect(state('waiting')).toBe(0);
    expect(state('0')).toBe(0);
    expect(state('valued')).toBe(1);
    expect(state('failed')).toBe(2);
    expect(state('2')).toBe(2);
    expect(state('')).toBeUndefined();
    expect(state('all')).toBeUndefined();
    expect(state(undefined)).toBeUndefined();
    expect(state('3')).toBe(RevalMsg.stateInvalid);
    expect(state('lost')).toBe(RevalMsg.stateInvalid);
  });
});
