import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AssetList, AssetRow, EvalHistoryItem } from '@valuation/contracts';
import { AssetMsg, LoanMsg } from '@valuation/domain';
import Cookies from 'js-cookie';
import { ORG_ROUTES } from '../../../app/routing/org-routes';
import { registerRoutes } from '../../../app/routing/route-registry';
import { answerApi, pageLocation, renderPage } from '../../../app/testing/page-harness';
import { AssetManagePage } from './AssetManagePage';

const perm = (id: number) => ({ id, name: String(id), parentId: 0, level: 1, sort: 1, code: `${id}:visible`, url: '' });

const asset = (patch: Partial<AssetRow>): AssetRow => ({
  id: 1,
  assetType: null,
  assetTypeName: null,
  evalId: 11,
  evalCode: 'EV0000000011',
  city: '北京',
  ha: '春晓花园',
  evalDate: '2025-06-01 12:00:00',
  location: '春晓花园',
  cardAddress: '北京市朝阳区望京街10号',
  principalCode: null,
  bldgArea: 92,
  evalType: 1,
  totalPrice: 5_600_000,
  unitPrice: 60_870,
  inquiry: false,
  advisory: false,
  historyCount: 2,
  answerCount: 0,
  addTime: '2025-05-01 10:00:00',
  addedBy: '管理员',
  loanNo: null,
  loanAmount: null,
  loanDate: null,
  loanOriginValue: null,
  ltv: null,
  ...patch,
});

const LIST: AssetList = {
  pageInfo: {
    list: [
      asset({}),
      asset({
        id: 2,
        evalId: 12,
        evalCode: 'EV0000000012',
        historyCount: 1,
        assetType: 5,
        assetTypeName: '商铺抵押',
        totalPrice: 2_800_000,
      }),
    ],
    pages: 1,
    pageNum: 1,
    total: 2,
  },
  amount: 840,
  rentAmount: 0,
};

const HISTORY: EvalHistoryItem[] = [
  {
    id: 11,
    evalCode: 'EV0000000011',
    caseNo: null,
    type: 1,
    evalType: 1,
    evalDate: '2025-06-01 12:00:00',
    totalPrice: 5_600_000,
    unitPrice: 60_870,
    state: 1,
  },
  {
    id: 10,
    evalCode: 'EV0000000010',
    caseNo: null,
    type: 1,
    evalType: 1,
    evalDate: '2025-03-01 12:00:00',
    totalPrice: 5_400_000,
    unitPrice: 58_696,
    state: 1,
  },
];

beforeAll(() => registerRoutes('org', ORG_ROUTES));
beforeEach(() => Cookies.set('userToken', 'user-session-token'));
afterEach(() => Cookies.remove('userToken'));

function answers(perms: number[]) {
  return answerApi({
    '/api/auth/user/login-user/perms': { data: perms.map(perm) },
    '/api/asset-type/list': {
      data: [
        { id: 5, assetName: '商铺抵押' },
        { id: 6, assetName: '住宅抵押' },
      ],
    },
    '/api/asset/list': { data: LIST },
    '/api/asset/history': { data: HISTORY },
    '/api/asset/update': { data: null },
    '/api/asset/del': { data: null },
    '/api/asset/loan': { data: null },
    '/api/region/tree': { data: [] },
  });
}

describe('asset management', () => {
  it('shows the totals, the rows by their type and opens the history of a property valued twice', async () => {
    const sent = answers([5, 30, 31]);
    renderPage(<AssetManagePage />, { url: '/org/manage?assetType=5' });
    const table = await screen.findByRole('table', { name: '资产管理' });
    await within(table).findByText('EV0000000011');
    expect(sent.find((c) => c.path === '/api/asset/list')?.query.get('assetType')).toBe('5');
    expect(screen.getByText('840')).toBeTruthy();
    const untyped = within(table).getByText('EV0000000011').closest('tr') as HTMLElement;
    expect(within(untyped).getByText('无类型')).toBeTruthy();
    expect(within(table).getByText('商铺抵押')).toBeTruthy();

    fireEvent.click(within(untyped).getByRole('button', { name: '估价历史' }));
    expect(await screen.findByText('估价历史（共 2 条）')).toBeTruthy();
    expect(sent.find((c) => c.path === '/api/asset/history')?.query.get('id')).toBe('1');
    expect(screen.getByText('EV0000000010')).toBeTruthy();
  });

  it('assigns a type through the modal and deletes after the confirmation', async () => {
    const sent = answers([5, 31]);
    renderPage(<AssetManagePage />, { url: '/org/manage' });
    const table = await screen.findByRole('table', { name: '资产管理' });
    const row = (await within(table).findByText('EV0000000011')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: '设置类型' }));
    const modal = await screen.findByRole('dialog', { name: '设置资产类型' });
    fireEvent.click(within(modal).getByRole('textbox', { name: '资产类型' }));
    fireEvent.click(await screen.findByRole('option', { name: '住宅抵押' }));
    fireEvent.click(within(modal).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(AssetMsg.typeSet)).toBeTruthy();
    expect(sent.find((c) => c.path === '/api/asset/update')?.body).toEqual({ id: '1', assetType: '6' });

    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog', { name: '删除资产' });
    expect(within(confirm).getByText(AssetMsg.deleteConfirm)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(sent.find((c) => c.path === '/api/asset/del')?.body).toEqual({ id: '1' }));
    expect(pageLocation()).toBe('/org/manage');
  });

  it('keeps the loan an asset secures, checked by the server rules, amounts in 万元', async () => {
    const sent = answers([5, 119]);
    renderPage(<AssetManagePage />, { url: '/org/manage' });
    const table = await screen.findByRole('table', { name: '资产管理' });
    const row = (await within(table).findByText('EV0000000011')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: '贷款信息' }));
    const dialog = await screen.findByRole('dialog', { name: '贷款信息' });
    expect((within(dialog).getByRole('textbox', { name: '放款时估值' }) as HTMLInputElement).value).toBe('560 万元');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findAllByText(LoanMsg.loanNoRequired)).not.toHaveLength(0);
    expect(within(dialog).getAllByText(LoanMsg.amountInvalid)).not.toHaveLength(0);
    expect(within(dialog).getAllByText(LoanMsg.dateInvalid)).not.toHaveLength(0);
    expect(sent.some((c) => c.path === '/api/asset/loan')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: '贷款编号' }), { target: { value: 'L-2025-001' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '贷款余额' }), { target: { value: '320.5' } });
    const date = within(dialog).getByRole('textbox', { name: '放款日期' });
    fireEvent.change(date, { target: { value: '2024/06/30' } });
    fireEvent.blur(date);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText(LoanMsg.saved)).toBeTruthy();
    expect(sent.find((c) => c.path === '/api/asset/loan')?.body).toEqual({
      id: '1',
      loanNo: 'L-2025-001',
      loanAmount: '320.5',
      loanDate: '2024-06-30',
      originValue: '560',
    });
  });

  it('offers neither delete nor export without their permissions', async () => {
    answers([5]);
    renderPage(<AssetManagePage />, { url: '/org/manage' });
    const table = await screen.findByRole('table', { name: '资产管理' });
    const row = (await within(table).findByText('EV0000000011')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: '设置类型' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });
});
