import { screen, within } from '@testing-library/react';
import type { AllocationList, AllocationRow, OrgTreeNodeView } from '@valuation/contracts';
import { setBusinessClock } from '@valuation/domain';
import Cookies from 'js-cookie';
import { ORG_ROUTES } from '../../../app/routing/org-routes';
import { registerRoutes } from '../../../app/routing/route-registry';
import { answerApi, renderPage } from '../../../app/testing/page-harness';
import { AssignRecordsPage } from './AssignRecordsPage';

const TREE: OrgTreeNodeView[] = [
  { id: 1, parentId: null, name: '示范银行', children: [{ id: 2, parentId: 1, name: '朝阳支行', children: [] }] },
];

const record = (patch: Partial<AllocationRow>): AllocationRow => ({
  id: 0,
  orderNo: '',
  action: 1,
  actionName: '分配',
  accountId: 31,
  loginUser: 'demouser',
  userName: '张三',
  organizationName: '朝阳支行',
  annuallyCount: 0,
  universalCount: 0,
  advisoryCount: 0,
  inquiryCount: 0,
  createBy: 7,
  createName: '管理员',
  createTime: '2025-03-30 09:15:00',
  ...patch,
});

const LIST: AllocationList = {
  list: {
    list: [
      record({ id: 2, orderNo: 'FP0002', action: 2, actionName: '收回', universalCount: -4, inquiryCount: -1 }),
      record({ id: 1, orderNo: 'FP0001', universalCount: 1250, inquiryCount: 2 }),
    ],
    pages: 1,
    pageNum: 1,
    total: 2,
  },
  stat: { annuallyNum: 0, universalNum: 1246, advisoryNum: 0, inquiryNum: 1 },
};

beforeAll(() => registerRoutes('org', ORG_ROUTES));
beforeEach(() => {
  Cookies.set('userToken', 'user-session-token');
  setBusinessClock(() => new Date('2025-03-31T04:00:00Z'));
});
afterEach(() => {
  Cookies.remove('userToken');
  setBusinessClock();
});

describe('allocation records', () => {
  it('show the last month up to today of the organisations ticked, revokes as negative counts, and the net totals', async () => {
    const sent = answerApi({
      '/api/auth/user/login-user/perms': { data: [] },
      '/api/auth/org/findMOrgs': { data: TREE },
      '/api/user-balance/allocate/list': { data: LIST },
    });
    renderPage(<AssignRecordsPage />, { url: '/org/AssignRecords?organizationIds=2' });

    const table = await screen.findByRole('table', { name: '分配记录' });
    await within(table).findByText('FP0002');
    const call = sent.find((c) => c.path === '/api/user-balance/allocate/list');
    expect(call?.query.getAll('organizationIds')).toEqual(['2']);
    expect(call?.query.get('beginDate')).toBe('2025/02/28');
    expect(call?.query.get('endDate')).toBe('2025/03/31');
    expect(call?.query.get('pageSize')).toBe('20');

    const revoke = within(table).getByText('FP0002').closest('tr') as HTMLElement;
    expect(within(revoke).getByText('收回')).toBeTruthy();
    expect(within(revoke).getByText('-4')).toBeTruthy();
    expect(within(revoke).getByText('-1')).toBeTruthy();
    const allocation = within(table).getByText('FP0001').closest('tr') as HTMLElement;
    expect(within(allocation).getByText('1,250')).toBeTruthy();

    expect(screen.getByText('1,246')).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });
});
