import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerBalanceSummary, UserBalanceRow } from '@valuation/contracts';
import { BalanceMsg } from '@valuation/domain';
import { answerApi, renderPage, type Answer } from '../../../app/testing/page-harness';
import type { AllocationTarget } from '../model/allocation-form';
import { AllocationDialog } from './AllocationDialog';

const SUMMARY: CustomerBalanceSummary = {
  id: 7,
  loginUser: 'demoadmin',
  cityCount: 2,
  annuallyCount: 40,
  universalCount: 25,
  advisoryCount: 10,
  inquiryCount: 8,
  buyScope: '北京市、上海市',
  annuallyDefault: 0,
  universalDefault: 5,
  advisoryDefault: 0,
  inquiryDefault: 2,
};

const ROW: UserBalanceRow = {
  id: 31,
  userType: 2,
  loginUser: 'demouser',
  userName: '张三',
  organizationId: 3,
  organizationName: '朝阳支行',
  cityCount: 0,
  annuallyCount: 0,
  universalCount: 3,
  advisoryCount: 0,
  inquiryCount: 0,
  buyScope: '',
  revocable: true,
  self: false,
};

const ok: Answer = { data: null };

function open(target: AllocationTarget, summary: CustomerBalanceSummary = SUMMARY, answer: Answer = ok) {
  const sent = answerApi({ '/api/user-balance/allocate': answer, '/api/user-balance/default': answer });
  const onClose = jest.fn();
  renderPage(<AllocationDialog target={target} summary={summary} onClose={onClose} />);
  return { sent, onClose };
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const field = (name: string, label: string) => within(dialog(name)).getByRole('textbox', { name: label }) as HTMLInputElement;
const type = (name: string, label: string, value: string) => fireEvent.change(field(name, label), { target: { value } });
const confirm = (name: string) => fireEvent.click(within(dialog(name)).getByRole('button', { name: '确定' }));

describe('the allocation dialog', () => {
  it('keeps only the digits typed or pasted, without leading zeros, at most 7 of them', () => {
    open({ mode: 'defaults' });
    type('设置默认值', '全国通用估价次数', 'a0b1２2c');
    expect(field('设置默认值', '全国通用估价次数').value).toBe('12');
    type('设置默认值', '咨询报告份数', '007');
    expect(field('设置默认值', '咨询报告份数').value).toBe('7');
    type('设置默认值', '询价报告份数', '123456789');
    expect(field('设置默认值', '询价报告份数').value).toBe('1234567');
  });

  it('asks for at least one count and sends nothing while all four are empty', async () => {
    const { sent } = open({ mode: 'defaults' }, { ...SUMMARY, universalDefault: 0, inquiryDefault: 0 });
    confirm('设置默认值');

    const summary = await within(dialog('设置默认值')).findByRole('alert', { name: '请修改以下内容' });
    expect(summary.textContent).toContain(BalanceMsg.defaultsRequired);
    /* Listed once, above the fields, not as the first field's own error. */
    expect(within(dialog('设置默认值')).getAllByText(BalanceMsg.defaultsRequired)).toHaveLength(1);
    expect(sent).toHaveLength(0);

    type('设置默认值', '询价报告份数', '3');
    expect(within(dialog('设置默认值')).queryByText(BalanceMsg.defaultsRequired)).toBeNull();
  });

  it('allocates to the account shown, prefilled with the defaults, with what is left beside each count', async () => {
    const { sent, onClose } = open({ mode: 'allocate', row: ROW });
    const d = dialog('分配余额');
    expect(within(d).getByText('demouser')).toBeTruthy();
    expect(within(d).getByText('朝阳支行')).toBeTruthy();
    expect(within(d).getByText('可分配 40 次')).toBeTruthy();
    expect(within(d).getByText('可分配 25 次')).toBeTruthy();
    expect(within(d).getByText('可分配 10 份')).toBeTruthy();
    expect(within(d).getByText('可分配 8 份')).toBeTruthy();
    expect(field('分配余额', '包年城市估价次数').value).toBe('');
    expect(field('分配余额', '全国通用估价次数').value).toBe('5');
    expect(field('分配余额', '询价报告份数').value).toBe('2');

    type('分配余额', '包年城市估价次数', '12');
    confirm('分配余额');

    expect(await screen.findByText(BalanceMsg.balanceAllocated)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].path).toBe('/api/user-balance/allocate');
    expect(sent[0].body).toEqual({ annuallyCount: 12, universalCount: 5, advisoryCount: 0, inquiryCount: 2, balanceId: 31, userType: 2 });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server refusal in the dialog (not as a second toast) and keeps what was typed', async () => {
    const { sent, onClose } = open({ mode: 'allocate', row: ROW }, SUMMARY, {
      code: 400,
      message: '全国通用估价次数余额不足，当前可分配3',
    });
    confirm('分配余额');
    expect(await within(dialog('分配余额')).findByText('全国通用估价次数余额不足，当前可分配3')).toBeTruthy();
    expect(screen.getAllByText(/全国通用估价次数余额不足/)).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect(field('分配余额', '全国通用估价次数').value).toBe('5');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sets the defaults, prefilled with the current ones, without an account or what is left', async () => {
    const { sent } = open({ mode: 'defaults' });
    const d = dialog('设置默认值');
    expect(within(d).queryByText(/可分配/)).toBeNull();
    expect(within(d).queryByText('demouser')).toBeNull();
    expect(field('设置默认值', '全国通用估价次数').value).toBe('5');
    expect(field('设置默认值', '询价报告份数').value).toBe('2');

    type('设置默认值', '全国通用估价次数', '100');
    await act(async () => confirm('设置默认值'));

    expect(await screen.findByText(BalanceMsg.defaultsSaved)).toBeTruthy();
    expect(sent.map((c) => c.path)).toEqual(['/api/user-balance/default']);
    expect(sent[0].body).toEqual({ annuallyCount: 0, universalCount: 100, advisoryCount: 0, inquiryCount: 2, balanceId: 7 });
  });
});
