import { screen, within } from '@testing-library/react';
import type { ChannelStatSummary, OrgTreeNodeView, StatItems, StatSummary } from '@valuation/contracts';
import { setBusinessClock } from '@valuation/domain';
import Cookies from 'js-cookie';
import { CHANNEL_ROUTES } from '../../../app/routing/channel-routes';
import { ORG_ROUTES } from '../../../app/routing/org-routes';
import { registerRoutes } from '../../../app/routing/route-registry';
import { answerApi, renderPage } from '../../../app/testing/page-harness';
import { ChannelStatItemsPage } from './ChannelStatItemsPage';
import { ChannelStatSummaryPage } from './ChannelStatSummaryPage';
import { StatItemsPage } from './StatItemsPage';
import { StatSummaryPage } from './StatSummaryPage';

const TREE: OrgTreeNodeView[] = [
  { id: 1, parentId: null, name: '示范银行', children: [{ id: 2, parentId: 1, name: '朝阳支行', children: [] }] },
];
const perm = (id: number) => ({ id, name: String(id), parentId: 0, level: 1, sort: 1, code: `p${id}:visible`, url: '' });
const totals = {
  haTotal: 3,
  rapidTotal: 5,
  manualTotal: 1,
  repeatTotal: 0,
  batchTotal: 2,
  advisoryTotal: 0,
  inquiryTotal: 0,
  itemTotal: 8,
  userTotal: 2,
};
const counts = { ha: 2, rapid: 4, manual: 1, repeat: 0, batch: 2, advisory: 0, inquiry: 0 };

const SUMMARY: StatSummary = {
  pageInfo: {
    list: [
      {
        organizationId: 2,
        organizationName: '朝阳支行',
        account: 'demouser',
        loginUser: 'demouser',
        userName: '演示用户',
        accountId: 31,
        ...counts,
      },
    ],
    pages: 1,
    pageNum: 1,
    total: 1,
  },
  organizationTotal: 1,
  ...totals,
};

const ITEMS: StatItems = {
  pageInfo: {
    list: [
      {
        organizationName: '朝阳支行',
        account: 'demouser',
        userName: '演示用户',
        statSubMethod: 12,
        evalMethod: '批量估价',
        code: 'EV1',
        evalDate: '2025-03-20 10:00:00',
        evalType: 1,
        cityName: '北京市',
        haName: '望京花园',
        cardAddress: '北京市朝阳区望京街1号',
        location: '望京花园',
        principalCode: 'KH001',
        bldgTypeName: '高层',
        bldgArea: 89.5,
        totalPrice: 3200000,
        unitPrice: 35754.19,
      },
    ],
    pages: 1,
    pageNum: 1,
    total: 1,
  },
  organizationTotal: 1,
  ...totals,
};

beforeAll(() => {
  registerRoutes('org', ORG_ROUTES);
  registerRoutes('channel', CHANNEL_ROUTES);
});
beforeEach(() => {
  Cookies.set('userToken', 'user-session-token');
  Cookies.set('cUserToken', 'tenant-session-token');
  setBusinessClock(() => new Date('2025-03-31T04:00:00Z'));
});
afterEach(() => {
  Cookies.remove('userToken');
  Cookies.remove('cUserToken');
  setBusinessClock();
});

describe('organisation statistics', () => {
  it('sums the organisations of the range over the last 3 months, shows the totals, and links each count to its detail rows', async () => {
    const sent = answerApi({
      '/api/auth/user/login-user/perms': { data: [perm(7), perm(8)] },
      '/api/statistics/orgs': { data: TREE },
      '/api/statistics/summary': { data: SUMMARY },
    });
    renderPage(<StatSummaryPage />, { url: '/org/stat/summary?source=2' });

    const table = await screen.findByRole('table', { name: '估价汇总' });
    const row = (await within(table).findByText('demouser')).closest('tr') as HTMLElement;
    const call = sent.find((c) => c.path === '/api/statistics/summary');
    expect(call?.query.get('organizationIds')).toBe('1,2');
    expect([call?.query.get('beginDate'), call?.query.get('endDate'), call?.query.get('pageSize')]).toEqual([
      '2024/12/31',
      '2025/03/31',
      '20',
    ]);
    expect(call?.query.get('statMethod')).toBe('1');
    expect(call?.query.get('source')).toBe('2');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['机构', '账号', '姓名', '小区数', '快速估价', '人工询价', '人工复评', '批量估价']);
    const rapid = within(row).getByRole('link', { name: '快速估价明细' });
    const href = new URL(rapid.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/org/stat/subsidiary');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      organizationIds: '2',
      account: 'demouser',
      statSubMethod: '11',
      statMethod: '1',
      source: '2',
      beginDate: '2024/12/31',
      endDate: '2025/03/31',
    });
    // A zero count links nowhere.
    expect(within(row).queryByRole('link', { name: '人工复评明细' })).toBeNull();
    const strip = screen.getByLabelText('统计合计');
    expect(within(strip).getByText('快速估价')).toBeTruthy();
    expect(within(strip).getByText('5')).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });

  it('shows the report columns for method 2 and no links without the detail permission', async () => {
    answerApi({
      '/api/auth/user/login-user/perms': { data: [perm(7)] },
      '/api/statistics/orgs': { data: TREE },
      '/api/statistics/summary': {
        data: { ...SUMMARY, pageInfo: { ...SUMMARY.pageInfo, list: [{ ...SUMMARY.pageInfo.list[0], inquiry: 3 }] } },
      },
    });
    renderPage(<StatSummaryPage />, { url: '/org/stat/summary?statMethod=2' });
    const table = await screen.findByRole('table', { name: '估价汇总' });
    await within(table).findByText('demouser');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['机构', '账号', '姓名', '小区数', '询价报告', '咨询报告']);
    expect(within(table).queryAllByRole('link')).toHaveLength(0);
    expect(within(table).getByText('3')).toBeTruthy();
  });

  it('asks for an organisation to count when the range has none', async () => {
    const sent = answerApi({
      '/api/auth/user/login-user/perms': { data: [perm(7)] },
      '/api/statistics/orgs': { data: [] },
      '/api/statistics/summary': { data: SUMMARY },
    });
    renderPage(<StatSummaryPage />, { url: '/org/stat/summary' });
    expect(await screen.findByText('请选择要统计的机构')).toBeTruthy();
    expect(sent.some((c) => c.path === '/api/statistics/summary')).toBe(false);
  });

  it('lists the detail rows of a link: its sub-method selects the method, 10 a page', async () => {
    const sent = answerApi({
      '/api/auth/user/login-user/perms': { data: [perm(8)] },
      '/api/statistics/orgs': { data: TREE },
      '/api/statistics/items': { data: ITEMS },
    });
    renderPage(<StatItemsPage />, { url: '/org/stat/subsidiary?organizationIds=2&account=demouser&statSubMethod=22' });
    const table = await screen.findByRole('table', { name: '估价明细' });
    await within(table).findByText('批量估价');
    const call = sent.find((c) => c.path === '/api/statistics/items');
    expect([
      call?.query.get('organizationIds'),
      call?.query.get('account'),
      call?.query.get('statSubMethod'),
      call?.query.get('statMethod'),
    ]).toEqual(['2', 'demouser', '22', '2']);
    expect(call?.query.get('pageSize')).toBe('10');
    expect(within(table).getByText('320万元')).toBeTruthy();
    expect(within(table).getByText('北京市')).toBeTruthy();
    // Method 2: the report totals.
    const strip = screen.getByLabelText('统计合计');
    expect(within(strip).getByText('咨询报告')).toBeTruthy();
    expect(within(strip).queryByText('快速估价')).toBeNull();
  });
});

describe('channel statistics', () => {
  const CHANNEL: ChannelStatSummary = {
    pageInfo: {
      list: [
        {
          companyId: 5,
          companyName: '北京示范银行',
          customer: 31,
          loginUser: 'demouser',
          userName: '演示用户',
          categoryName: '银行',
          ...counts,
          inquiry: 1,
        },
      ],
      pages: 1,
      pageNum: 1,
      total: 1,
    },
    customerTotal: 1,
    ...totals,
  };

  it('sums the customer accounts with the company and category filters, and links counts to the channel detail', async () => {
    const sent = answerApi({
      '/api/tenant/auth/user/t/login-user/perms': { data: [perm(71), perm(72)] },
      '/api/tenant/customer-company/filter': { data: [{ id: 5, name: '北京示范银行' }] },
      '/api/tenant/customer-category/list': { data: [{ id: 9, name: '银行' }] },
      '/api/tenant/statistics/summary': { data: CHANNEL },
    });
    renderPage(<ChannelStatSummaryPage />, { url: '/channel/stat/channelSummary?companyId=5&categoryId=9' });
    const table = await screen.findByRole('table', { name: '估价汇总' });
    const row = (await within(table).findByText('demouser')).closest('tr') as HTMLElement;
    const call = sent.find((c) => c.path === '/api/tenant/statistics/summary');
    expect([call?.query.get('companyId'), call?.query.get('categoryId'), call?.query.get('pageSize')]).toEqual(['5', '9', '20']);
    const inquiry = within(row).getByRole('link', { name: '询价报告明细' });
    const href = new URL(inquiry.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/channel/stat/channelSubsidiary');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      companyId: '5',
      account: 'demouser',
      statSubMethod: '21',
      statMethod: '2',
    });
    const strip = screen.getByLabelText('统计合计');
    expect(within(strip).getByText('客户数')).toBeTruthy();
    expect(within(strip).getByText('估价物业数')).toBeTruthy();
  });

  it('lists the channel detail by method with its totals', async () => {
    const sent = answerApi({
      '/api/tenant/auth/user/t/login-user/perms': { data: [perm(72)] },
      '/api/tenant/customer-company/filter': { data: [{ id: 5, name: '北京示范银行' }] },
      '/api/tenant/customer-category/list': { data: [] },
      '/api/tenant/statistics/items': {
        data: {
          ...ITEMS,
          customerTotal: 1,
          pageInfo: { ...ITEMS.pageInfo, list: [{ ...ITEMS.pageInfo.list[0], companyName: '北京示范银行', loginUser: 'demouser' }] },
        },
      },
    });
    renderPage(<ChannelStatItemsPage />, { url: '/channel/stat/channelSubsidiary?statSubMethod=12&account=demouser' });
    const table = await screen.findByRole('table', { name: '估价明细' });
    await within(table).findByText('批量估价');
    const call = sent.find((c) => c.path === '/api/tenant/statistics/items');
    expect([call?.query.get('statSubMethod'), call?.query.get('statMethod'), call?.query.get('account')]).toEqual(['12', '1', 'demouser']);
    const strip = screen.getByLabelText('统计合计');
    expect(within(strip).getByText('批量估价')).toBeTruthy();
    expect(within(strip).queryByText('咨询报告')).toBeNull();
  });
});
