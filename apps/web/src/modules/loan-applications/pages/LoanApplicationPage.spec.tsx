import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoanApplyCollateral, LoanApplyDetail, LoanApplyView } from '@valuation/contracts';
import { LoanApplyMsg, Perm } from '@valuation/domain';
import Cookies from 'js-cookie';
import { ORG_ROUTES } from '../../../app/routing/org-routes';
import { registerRoutes } from '../../../app/routing/route-registry';
import { answerApi, renderPage } from '../../../app/testing/page-harness';
import { LoanApplicationPage } from './LoanApplicationPage';

const perm = (id: number) => ({ id, name: String(id), parentId: 0, level: 1, sort: 1, code: `${id}:visible`, url: '' });

const COLLATERAL: LoanApplyCollateral = {
  evalId: 11,
  evalCode: 'EV0000000011',
  cityName: '北京市',
  cardAddress: '北京市朝阳区望京街10号',
  location: '春晓花园',
  bldgArea: 92,
  totalPrice: 5_600_000,
  unitPrice: 60_870,
  evalDate: '2026-11-01 10:00:00',
  confidenceClass: 'A',
};

const OTHER: LoanApplyCollateral = {
  ...COLLATERAL,
  evalId: 12,
  evalCode: 'EV0000000012',
  cardAddress: '北京市海淀区学院路5号',
  location: '学院小区',
  totalPrice: 3_000_000,
};

const PENDING: LoanApplyView = {
  id: 1,
  applyNo: 'LA-2026-001',
  borrower: '张三',
  borrowerPhone: '13800000000',
  amount: 3_360_000,
  term: 240,
  purpose: '购房',
  evalCode: COLLATERAL.evalCode,
  collateral: COLLATERAL,
  inquiryReport: 'XJ202611010000000001',
  advisoryReport: null,
  ltv: 60,
  state: 0,
  approvedAmount: null,
  approvedLtv: null,
  opinion: '',
  decidedBy: null,
  decidedName: null,
  decisionDate: null,
  loanNo: null,
  assetId: null,
  createName: '管理员',
  createTime: '2026-11-02 09:00:00',
  updateTime: '2026-11-02 09:00:00',
};

const APPROVED: LoanApplyView = {
  ...PENDING,
  id: 2,
  applyNo: 'LA-2026-002',
  borrower: '李四',
  state: 1,
  approvedAmount: 3_000_000,
  approvedLtv: 53.57,
  decidedBy: 9,
  decidedName: '审批员',
  decisionDate: '2026-11-03',
  loanNo: 'L-2026-9',
  assetId: 31,
};

const DETAIL: LoanApplyDetail = {
  ...APPROVED,
  history: [
    { event: 'submit', eventName: '提交申请', fromState: null, toState: 0, actorName: '管理员', time: '2026-11-02 09:00:00', detail: null },
    {
      event: 'approve',
      eventName: '批准',
      fromState: 0,
      toState: 1,
      actorName: '审批员',
      time: '2026-11-03 10:00:00',
      detail: '批准金额：300.00万元；贷款编号：L-2026-9',
    },
  ],
};

beforeAll(() => registerRoutes('org', ORG_ROUTES));
beforeEach(() => Cookies.set('userToken', 'user-session-token'));
afterEach(() => Cookies.remove('userToken'));

function answers(perms: number[]) {
  return answerApi({
    '/api/auth/user/login-user/perms': { data: perms.map(perm) },
    '/api/loan-apply/list': { data: { list: [PENDING, APPROVED], pages: 1, pageNum: 1, total: 2 } },
    '/api/loan-apply/detail': { data: DETAIL },
    '/api/loan-apply/records': { data: [COLLATERAL, OTHER] },
    '/api/loan-apply/add': { data: { id: 3 }, message: LoanApplyMsg.added },
    '/api/loan-apply/edit': { data: null },
    '/api/loan-apply/decide': { data: null },
    '/api/loan-apply/withdraw': { data: null },
  });
}

const MANAGER = [Perm.loanApply, Perm.loanApplyManage, Perm.inquiryReport];

async function rowOf(applyNo: string) {
  const table = await screen.findByRole('table', { name: '贷款申请' });
  return (await within(table).findByText(applyNo)).closest('tr') as HTMLElement;
}

describe('the loan application page', () => {
  it('lists the applications by the filters of the URL with the valuation, the reports and the decision', async () => {
    const sent = answers(MANAGER);
    renderPage(<LoanApplicationPage />, { url: '/org/LoanApplyFor?state=pending&applyNo=LA' });
    const pending = await rowOf('LA-2026-001');
    const query = sent.find((c) => c.path === '/api/loan-apply/list')?.query;
    expect(query?.get('state')).toBe('pending');
    expect(query?.get('applyNo')).toBe('LA');

    expect(within(pending).getByText('336.00万元')).toBeTruthy();
    expect(within(pending).getByText('560万元')).toBeTruthy();
    expect(within(pending).getByText('60.00%')).toBeTruthy();
    expect(within(pending).getByText('待审批')).toBeTruthy();
    const report = within(pending).getByRole('link', { name: 'XJ202611010000000001' });
    expect(report.getAttribute('href')).toBe('/org/InquiryReport/EV0000000011?evalType=1');
    expect(within(pending).getByText('未生成')).toBeTruthy();

    const approved = await rowOf('LA-2026-002');
    expect(within(approved).getByText('已批准')).toBeTruthy();
    expect(within(approved).getByText('L-2026-9')).toBeTruthy();
    expect(within(approved).queryByRole('button', { name: '审批' })).toBeNull();
    expect(within(pending).getByRole('button', { name: '审批' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出/ })).toBeTruthy();
  });

  it('offers no change without permission 128', async () => {
    answers([Perm.loanApply]);
    renderPage(<LoanApplicationPage />, { url: '/org/LoanApplyFor' });
    const pending = await rowOf('LA-2026-001');
    expect(within(pending).getByRole('button', { name: '详情' })).toBeTruthy();
    for (const name of ['编辑', '审批', '撤回']) expect(within(pending).queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增贷款申请' })).toBeNull();
    // Without the report permission the code is shown, not linked.
    expect(within(pending).getByText('XJ202611010000000001').closest('a')).toBeNull();
  });

  it('files an application checked by the server rules, the collateral picked among the valuations', async () => {
    const sent = answers(MANAGER);
    renderPage(<LoanApplicationPage />, { url: '/org/LoanApplyFor' });
    await rowOf('LA-2026-001');
    fireEvent.click(screen.getByRole('button', { name: '新增贷款申请' }));
    const dialog = await screen.findByRole('dialog', { name: '新增贷款申请' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findAllByText(LoanApplyMsg.applyNoRequired)).not.toHaveLength(0);
    expect(within(dialog).getAllByText(LoanApplyMsg.evalCodeRequired)).not.toHaveLength(0);
    expect(sent.some((c) => c.path === '/api/loan-apply/add')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: '申请编号' }), { target: { value: 'LA-2026-003' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '借款人' }), { target: { value: '王五' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '申请金额' }), { target: { value: '150' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '期限' }), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('textbox', { name: '押品（估价记录）' }));
    fireEvent.click(await screen.findByRole('option', { name: /学院小区/ }));
    expect(await within(dialog).findByText('申请抵押率：50.00%')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText(LoanApplyMsg.added)).toBeTruthy();
    expect(sent.find((c) => c.path === '/api/loan-apply/add')?.body).toEqual({
      applyNo: 'LA-2026-003',
      borrower: '王五',
      borrowerPhone: '',
      amount: '150',
      term: '120',
      purpose: '',
      evalCode: 'EV0000000012',
    });
  });

  it('edits a pending application from its values', async () => {
    const sent = answers(MANAGER);
    renderPage(<LoanApplicationPage />, { url: '/org/LoanApplyFor' });
    fireEvent.click(within(await rowOf('LA-2026-001')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑贷款申请' });
    expect((within(dialog).getByRole('textbox', { name: '申请金额' }) as HTMLInputElement).value).toBe('336 万元');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '期限' }), { target: { value: '360' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(sent.find((c) => c.path === '/api/loan-apply/edit')?.body).toMatchObject({ id: '1', term: '360' }));
  });

  it('approves no more than was applied for, and rejects with an opinion only', async () => {
    const sent = answers(MANAGER);
    renderPage(<LoanApplicationPage />, { url: '/org/LoanApplyFor' });
    fireEvent.click(within(await rowOf('LA-2026-001')).getByRole('button', { name: '审批' }));
    const dialog = await screen.findByRole('dialog', { name: '审批贷款申请' });
    const amount = within(dialog).getByRole('textbox', { name: '批准金额' }) as HTMLInputElement;
    expect(amount.value).toBe('336 万元');
    fireEvent.change(amount, { target: { value: '400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findAllByText(LoanApplyMsg.approvedAmountTooHigh)).not.toHaveLength(0);
    expect(sent.some((c) => c.path === '/api/loan-apply/decide')).toBe(false);

    fireEvent.click(within(dialog).getByRole('radio', { name: '拒绝' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findAllByText(LoanApplyMsg.opinionRequired)).not.toHaveLength(0);
    expect(sent.some((c) => c.path === '/api/loan-apply/decide')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: '审批意见' }), { target: { value: '收入证明不足' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await screen.findByText(LoanApplyMsg.rejected)).toBeTruthy();
    expect(sent.find((c) => c.path === '/api/loan-apply/decide')?.body).toMatchObject({ id: '1', state: '2', opinion: '收入证明不足' });
  });

  it('approves with the amount granted and the loan number', async () => {
    const sent = answers(MANAGER);
    renderPage(<LoanApplicationPage />, { url: '/org/LoanApplyFor' });
    fireEvent.click(within(await rowOf('LA-2026-001')).getByRole('button', { name: '审批' }));
    const dialog = await screen.findByRole('dialog', { name: '审批贷款申请' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '批准金额' }), { target: { value: '300' } });
    expect(await within(dialog).findByText('批准抵押率：53.57%')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '贷款编号' }), { target: { value: 'L-2026-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await screen.findByText(LoanApplyMsg.approved)).toBeTruthy();
    expect(sent.find((c) => c.path === '/api/loan-apply/decide')?.body).toMatchObject({
      id: '1',
      state: '1',
      approvedAmount: '300',
      loanNo: 'L-2026-10',
    });
  });

  it('withdraws after the confirmation', async () => {
    const sent = answers(MANAGER);
    renderPage(<LoanApplicationPage />, { url: '/org/LoanApplyFor' });
    fireEvent.click(within(await rowOf('LA-2026-001')).getByRole('button', { name: '撤回' }));
    const confirm = await screen.findByRole('dialog', { name: '撤回贷款申请「LA-2026-001」' });
    expect(within(confirm).getByText(LoanApplyMsg.withdrawConfirm)).toBeTruthy();
    expect(sent.some((c) => c.path === '/api/loan-apply/withdraw')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(sent.find((c) => c.path === '/api/loan-apply/withdraw')?.body).toEqual({ id: '1' }));
  });

  it('shows the valuation, the reports, the decision and the history in the detail', async () => {
    const sent = answers(MANAGER);
    renderPage(<LoanApplicationPage />, { url: '/org/LoanApplyFor' });
    fireEvent.click(within(await rowOf('LA-2026-002')).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog', { name: '贷款申请详情' });
    expect(await within(drawer).findByText('批准金额：300.00万元；贷款编号：L-2026-9')).toBeTruthy();
    expect(sent.find((c) => c.path === '/api/loan-apply/detail')?.query.get('id')).toBe('2');
    expect(within(drawer).getByText('北京市朝阳区望京街10号')).toBeTruthy();
    expect(within(drawer).getByText('53.57%')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'XJ202611010000000001' })).toBeTruthy();
    expect(within(drawer).getByText('提交申请')).toBeTruthy();
    expect(within(drawer).getByText('审批员')).toBeTruthy();
  });
});
