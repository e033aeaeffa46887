import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrgTreeNodeView, UserBalanceList, UserBalanceRow } from '@valuation/contracts';
import { BalanceMsg } from '@valuation/domain';
import Cookies from 'js-cookie';
import { ORG_ROUTES } from '../../../app/routing/org-routes';
import { registerRoutes } from '../../../app/routing/route-registry';
import { answerApi, pageLocation, renderPage, type SentCall } from '../../../app/testing/page-harness';
import { BalanceManagementPage } from './BalanceManagementPage';

const TREE: OrgTreeNodeView[] = [
  {
    id: 1,
    parentId: null,
    name: '示范银行',
    children: [
      { id: 2, parentId: 1, name: '朝阳支行', children: [] },
      { id: 3, parentId: 1, name: '海淀支行', children: [] },
    ],
  },
];

const row = (patch: Partial<UserBalanceRow>): UserBalanceRow => ({
  id: 0,
  userType: 1,
  loginUser: '',
  userName: '',
  organizationId: 1,
  organizationName: '示范银行',
  cityCount: 0,
  annuallyCount: 0,
  universalCount: 0,
  advisoryCount: 0,
  inquiryCount: 0,
  buyScope: '',
  revocable: false,
  self: false,
  ...patch,
});

const LIST: UserBalanceList = {
  list: {
    list: [
      row({ id: 7, loginUser: 'demoadmin', userName: '管理员', annuallyCount: 40, universalCount: 25, self: true }),
      row({
        id: 31,
        userType: 2,
        loginUser: 'demouser',
        userName: '张三',
        organizationId: 2,
        organizationName: '朝阳支行',
        universalCount: 3,
        revocable: true,
      }),
      row({ id: 32, loginUser: 'clerk', userName: '李四', organizationId: 3, organizationName: '海淀支行' }),
    ],
    pages: 1,
    pageNum: 1,
    total: 3,
  },
  customerBalance: {
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
    inquiryDefault: 0,
  },
};

beforeAll(() => registerRoutes('org', ORG_ROUTES));
beforeEach(() => Cookies.set('userToken', 'user-session-token'));
afterEach(() => Cookies.remove('userToken'));

function openPage(url = '/org/BalanceManagement', canAllocate = true) {
  const sent = answerApi({
    '/api/auth/user/login-user/perms': {
      data: [
        { id: 107, name: '余额管理', parentId: 0, level: 1, sort: 1, code: 'balance:visible', url: '' },
        ...(canAllocate ? [{ id: 20, name: '余额分配', parentId: 107, level: 2, sort: 1, code: 'balance:allocate:visible', url: '' }] : []),
      ],
    },
    '/api/auth/org/findMOrgs': { data: TREE },
    '/api/user-balance/list': { data: LIST },
    '/api/user-balance/revoke': { data: null },
  });
  renderPage(<BalanceManagementPage />, { url });
  return sent;
}

const listCalls = (sent: SentCall[]) => sent.filter((c) => c.path === '/api/user-balance/list');
const table = () => screen.getByRole('table', { name: '余额管理' });
const rowOf = (account: string) => within(table()).getByText(account).closest('tr') as HTMLElement;
const box = (name: string) => screen.getByRole('checkbox', { name: `勾选${name}` }) as HTMLInputElement;

describe('balance management', () => {
  it('lists the accounts of every organisation at first, 20 a page, with what the administrator can allocate', async () => {
    const sent = openPage();
    await screen.findByText('demouser');

    const [call] = listCalls(sent);
    expect(call.query.getAll('organizationIds')).toEqual(['1', '2', '3']);
    expect(call.query.get('pageSize')).toBe('20');
    expect(call.query.get('pageIndex')).toBe('1');
    expect([box('示范银行'), box('朝阳支行'), box('海淀支行')].every((b) => b.checked)).toBe(true);

    expect(screen.getByText('北京市、上海市')).toBeTruthy();
    expect(within(rowOf('demouser')).getByText('个人')).toBeTruthy();
    /* No allocation to oneself; revoking only where something can be revoked. */
    expect(within(rowOf('demoadmin')).queryByRole('button', { name: '分配' })).toBeNull();
    expect(within(rowOf('demouser')).getByRole('button', { name: '分配' })).toBeTruthy();
    expect(within(rowOf('demouser')).getByRole('button', { name: '收回' })).toBeTruthy();
    expect(within(rowOf('clerk')).queryByRole('button', { name: '收回' })).toBeNull();
  });

  it('offers allocation, revoke and defaults only with the 余额分配 permission (20)', async () => {
    openPage('/org/BalanceManagement', false);
    await screen.findByText('demouser');
    expect(within(rowOf('demouser')).queryByRole('button', { name: '分配' })).toBeNull();
    expect(within(rowOf('demouser')).queryByRole('button', { name: '收回' })).toBeNull();
    expect(screen.queryByRole('button', { name: '设置默认值' })).toBeNull();
  });

  it('says 请选择要统计的机构 instead of searching when no organisation is ticked', async () => {
    const sent = openPage();
    await screen.findByText('demouser');
    const before = listCalls(sent).length;
    const location = pageLocation();

    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(box('朝阳支行').checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe(BalanceMsg.organizationRequired);

    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findAllByText(BalanceMsg.organizationRequired)).toHaveLength(2);
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(listCalls(sent)).toHaveLength(before);
    expect(pageLocation()).toBe(location);
  });

  it('searches the organisations ticked, kept in the address so that a reload shows them again', async () => {
    const sent = openPage();
    await screen.findByText('demouser');

    fireEvent.click(box('海淀支行'));
    fireEvent.change(screen.getByRole('textbox', { name: '账号' }), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));

    await waitFor(() => expect(listCalls(sent)).toHaveLength(2));
    const call = listCalls(sent)[1];
    /* The head office stays ticked: a box takes the organisations below it, never the one above. */
    expect(call.query.getAll('organizationIds')).toEqual(['1', '2']);
    expect(call.query.get('account')).toBe('demo');
    const [path, search] = pageLocation().split('?');
    expect(path).toBe('/org/BalanceManagement');
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ organizationIds: '1,2', account: 'demo' });
  });

  it('opens with the organisations of the address ticked and takes them to the allocation records', async () => {
    const sent = openPage('/org/BalanceManagement?organizationIds=3');
    await screen.findByText('demouser');
    expect(listCalls(sent)[0].query.getAll('organizationIds')).toEqual(['3']);
    expect(box('海淀支行').checked).toBe(true);
    expect(box('朝阳支行').checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '分配记录' }));
    expect(pageLocation()).toBe('/org/AssignRecords?organizationIds=3');
  });

  it('revokes only once confirmed, then says so and reads the list again', async () => {
    const sent = openPage();
    await screen.findByText('demouser');

    fireEvent.click(within(rowOf('demouser')).getByRole('button', { name: '收回' }));
    const question = await screen.findByRole('dialog', { name: '收回余额' });
    expect(within(question).getByText(BalanceMsg.revokeConfirm)).toBeTruthy();
    expect(sent.some((c) => c.path === '/api/user-balance/revoke')).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: '收回' }));

    expect(await screen.findByText(BalanceMsg.balanceRevoked)).toBeTruthy();
    const revoke = sent.find((c) => c.path === '/api/user-balance/revoke');
    expect(revoke?.body).toEqual({ balanceId: 31, userType: 2 });
    await waitFor(() => expect(listCalls(sent)).toHaveLength(2));
  });
});
