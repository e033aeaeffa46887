import {
  approvedAmountRefusal,
  loanApplyActions,
  loanApplyDecideSchema,
  loanApplyEditSchema,
  loanApplyListQuerySchema,
  LoanApplyMsg,
  loanApplyRefusal,
  loanApplySchema,
} from './loan-application.rules';

const form = {
  applyNo: ' LA-2026-001 ',
  borrower: ' 张三 ',
  borrowerPhone: '010-12345678',
  amount: '320.5',
  term: '240',
  purpose: '购房',
  evalCode: 'E20261101000001',
};

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('loan application forms', () => {
  it('take the amount in 万元 and give yuan, trimmed text, an empty phone as null', () => {
    expect(loanApplySchema.parse(form)).toEqual({
      applyNo: 'LA-2026-001',
      borrower: '张三',
      borrowerPhone: '010-12345678',
      amount: 3_205_000,
      term: 240,
      purpose: '购房',
      evalCode: 'E20261101000001',
    });
    expect(loanApplySchema.parse({ ...form, borrowerPhone: '', purpose: undefined, amount: '1,200' })).toMatchObject({
      borrowerPhone: null,
      purpose: '',
      amount: 12_000_000,
    });
  });

  it('list every broken rule in the form order with the Chinese messages', () => {
    expect(messages(loanApplySchema.safeParse({}))).toEqual([
      LoanApplyMsg.applyNoRequired,
      LoanApplyMsg.borrowerRequired,
      LoanApplyMsg.amountInvalid,
      LoanApplyMsg.termInvalid,
      LoanApplyMsg.evalCodeRequired,
    ]);
    expect(
      messages(
        loanApplySchema.safeParse({
          ...form,
          applyNo: 'LA 001',
          borrower: '张'.repeat(51),
          borrowerPhone: '010 1234',
          amount: '1.234',
          term: '361',
          purpose: '用'.repeat(101),
        }),
      ),
    ).toEqual([
      LoanApplyMsg.applyNoInvalid,
      LoanApplyMsg.borrowerTooLong,
      LoanApplyMsg.phoneInvalid,
      LoanApplyMsg.amountInvalid,
      LoanApplyMsg.termInvalid,
      LoanApplyMsg.purposeTooLong,
    ]);
    expect(messages(loanApplySchema.safeParse({ ...form, applyNo: 'A'.repeat(33) }))).toEqual([LoanApplyMsg.applyNoInvalid]);
    expect(messages(loanApplySchema.safeParse({ ...form, term: '0' }))).toEqual([LoanApplyMsg.termInvalid]);
    expect(messages(loanApplySchema.safeParse({ ...form, amount: '0' }))).toEqual([LoanApplyMsg.amountInvalid]);
    expect(messages(loanApplyEditSchema.safeParse({ ...form, id: 'x' }))).toEqual([LoanApplyMsg.notFound]);
  });

  it('approve with an amount and an optional loan number, reject with an opinion', () => {
    expect(loanApplyDecideSchema.parse({ id: '3', state: '1', approvedAmount: '300', loanNo: ' L-9 ', opinion: '' })).toEqual({
      id: 3,
      state: 1,
      approvedAmount: 3_000_000,
      loanNo: 'L-9',
      opinion: '',
    });
    expect(loanApplyDecideSchema.parse({ id: '3', state: '1', approvedAmount: '300', loanNo: '' }).loanNo).toBeNull();
    expect(loanApplyDecideSchema.parse({ id: '3', state: '2', approvedAmount: '', opinion: ' 收入不足 ' })).toEqual({
      id: 3,
      state: 2,
      approvedAmount: null,
      loanNo: null,
      opinion: '收入不足',
    });
    expect(messages(loanApplyDecideSchema.safeParse({ id: '3', state: '1', approvedAmount: '' }))).toEqual([
      LoanApplyMsg.approvedAmountInvalid,
    ]);
    expect(messages(loanApplyDecideSchema.safeParse({ id: '3', state: '2', opinion: '  ' }))).toEqual([LoanApplyMsg.opinionRequired]);
    expect(messages(loanApplyDecideSchema.safeParse({ id: '3', state: '3' }))).toEqual([LoanApplyMsg.decisionInvalid]);
    expect(messages(loanApplyDecideSchema.safeParse({ id: '3', state: '1', approvedAmount: '1', loanNo: 'L'.repeat(41) }))).toEqual([
      LoanApplyMsg.loanNoTooLong,
    ]);
    expect(messages(loanApplyDecideSchema.safeParse({ id: '3', state: '2', opinion: '意'.repeat(501) }))).toEqual([
      LoanApplyMsg.opinionTooLong,
    ]);
  });

  it('never approve more than was applied for', () => {
    expect(approvedAmountRefusal(3_000_000, 3_000_000)).toBeNull();
    expect(approvedAmountRefusal(3_000_000, 2_500_000)).toBeNull();
    expect(approvedAmountRefusal(3_000_000, 3_000_000.01)).toBe(LoanApplyMsg.approvedAmountTooHigh);
  });

  it('filter the list by the state names, 待审批 included', () => {
    expect(loanApplyListQuerySchema.parse({ state: 'pending' })).toMatchObject({ state: 0, pageIndex: 1, pageSize: 10 });
    expect(loanApplyListQuerySchema.parse({ state: 'withdrawn', borrower: ' 张 ' })).toMatchObject({ state: 3, borrower: '张' });
    expect(loanApplyListQuerySchema.parse({ state: 'all' }).state).toBeUndefined();
    expect(messages(loanApplyListQuerySchema.safeParse({ state: '1' }))).toEqual([LoanApplyMsg.stateInvalid]);
    expect(loanApplyListQuerySchema.safeParse({ beginDate: '2026/02/01', endDate: '2026/01/01' }).success).toBe(false);
  });
});

describe('loan application states', () => {
  it('change only while pending', () => {
    expect(loanApplyActions(0)).toEqual(['edit', 'approve', 'reject', 'withdraw']);
    for (const state of [1, 2, 3]) expect(loanApplyActions(state)).toEqual([]);
  });

  it('refuse a second decision and say why other actions are refused', () => {
    expect(loanApplyRefusal(1, 'approve')).toBe(LoanApplyMsg.alreadyDecided);
    expect(loanApplyRefusal(2, 'approve')).toBe(LoanApplyMsg.alreadyDecided);
    expect(loanApplyRefusal(1, 'reject')).toBe(LoanApplyMsg.alreadyDecided);
    expect(loanApplyRefusal(3, 'approve')).toBe('该申请已撤回，只有待审批的申请可以审批');
    expect(loanApplyRefusal(1, 'edit')).toBe('该申请已批准，只有待审批的申请可以编辑');
    expect(loanApplyRefusal(2, 'withdraw')).toBe('该申请已拒绝，只有待审批的申请可以撤回');
    expect(loanApplyRefusal(0, 'withdraw')).toBeNull();
  });
});
