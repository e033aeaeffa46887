import { fireEvent, screen, within } from '@testing-library/react';
import type { LoanScreenView, LoanStructureView, LoanTrendView } from '@valuation/contracts';
import { Perm } from '@valuation/domain';
import Cookies from 'js-cookie';
import { ORG_ROUTES } from '../../../app/routing/org-routes';
import { registerRoutes } from '../../../app/routing/route-registry';
import { answerApi, pageLocation, renderPage } from '../../../app/testing/page-harness';
import { LoanScreenPage } from './LoanScreenPage';
import { LoanStructurePage } from './LoanStructurePage';
import { LoanTrendPage } from './LoanTrendPage';

const perm = (id: number) => ({ id, name: String(id), parentId: 0, level: 1, sort: 1, code: `${id}:visible`, url: '' });

const REGIONS = [
  {
    regionCode: '110000',
    regionName: '北京',
    items: [{ regionCode: '110100', regionName: '北京市', items: [{ regionCode: '110105', regionName: '朝阳区', items: [] }] }],
  },
];

const TREND: LoanTrendView = {
  points: [
    { runId: 7, date: '2026-10-01', assets: 4, valueTotal: 10_000_000, loanTotal: 3_300_000, matched: 0, index: 100, change: null },
    { runId: 8, date: '2026-11-01', assets: 5, valueTotal: 15_100_000, loanTotal: 3_300_000, matched: 4, index: 103, change: 3 },
  ],
  seriesLevel: 'district',
  series: [{ code: '110105', name: '朝阳区', points: [{ runId: 8, index: 103 }] }],
};

const STRUCTURE: LoanStructureView = {
  run: { id: 8, date: '2026-11-01' },
  runs: [
    { id: 8, date: '2026-11-01' },
    { id: 7, date: '2026-10-01' },
  ],
  dimensions: [
    {
      key: 'city',
      label: '城市',
      groups: [{ key: '110100', label: '北京市', count: 5, valueTotal: 15_100_000, loanTotal: 3_300_000, avgLtv: 59.6 }],
    },
    {
      key: 'ltvBand',
      label: '抵押率区间',
      groups: [
        { key: '0', label: '50%以下', count: 1, valueTotal: 4_400_000, loanTotal: 1_000_000, avgLtv: 22.73 },
        { key: '', label: '无贷款', count: 2, valueTotal: 7_800_000, loanTotal: 0, avgLtv: null },
      ],
    },
  ],
};

const SCREEN: LoanScreenView = {
  run: { id: 8, date: '2026-11-01', assets: 1250, loanAssets: 1100, valueTotal: 612_000_000, loanTotal: 300_000_000, ltv: 52.5 },
  alerts: [
    { kind: 'originDrop', label: '较放款时下跌', count: 3 },
    { kind: 'lastDrop', label: '较上次重估下跌', count: 0 },
    { kind: 'ltv', label: '抵押率超限', count: 2 },
    { kind: 'classC', label: '置信度降为C', count: 0 },
  ],
  ltvBands: [
    { label: '50%以下', count: 600, loanTotal: 100_000_000 },
    { label: '50%-70%', count: 400, loanTotal: 150_000_000 },
    { label: '70%-80%', count: 80, loanTotal: 40_000_000 },
    { label: '80%-100%', count: 18, loanTotal: 9_000_000 },
    { label: '100%以上', count: 2, loanTotal: 1_000_000 },
  ],
  falls: [{ assetId: 31, cityName: '北京市', haName: '望京花园', loanNo: 'L-0031', prevValue: 4_000_000, value: 3_400_000, change: -15 }],
  rises: [],
  trend: [
    { runId: 7, date: '2026-10-01', valueTotal: 600_000_000, loanTotal: 300_000_000 },
    { runId: 8, date: '2026-11-01', valueTotal: 612_000_000, loanTotal: 300_000_000 },
  ],
  refreshTime: '2026-11-02 09:00:00',
};

beforeAll(() => registerRoutes('org', ORG_ROUTES));
beforeEach(() => Cookies.set('userToken', 'user-session-token'));
afterEach(() => Cookies.remove('userToken'));

const permissions = (ids: number[]) => ({ '/api/auth/user/login-user/perms': { data: ids.map(perm) } });

describe('loan analytics pages', () => {
  it('shows the value index of the city in the URL, newest run first, with the export', async () => {
    const sent = answerApi({
      ...permissions([Perm.loanTrend]),
      '/api/region/tree': { data: REGIONS },
      '/api/reval/analytics/trend': { data: TREND },
    });
    renderPage(<LoanTrendPage />, { url: '/org/LoanOfTrendAnalyse?provinceCode=110000&cityCode=110100' });
    const table = await screen.findByRole('table', { name: '价值趋势' });
    expect(await within(table).findByText('+3.00%')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByText('2026-11-01')).toBeTruthy();
    expect(within(rows[1]).getByText('+3.00%')).toBeTruthy();
    expect(within(rows[1]).getByText('1,510万元')).toBeTruthy();
    expect(within(rows[2]).getByText('100.00')).toBeTruthy();
    expect(screen.getByText('区县指数')).toBeTruthy();
    expect(screen.getAllByText('103.00').length).toBeGreaterThan(0);
    expect(sent.find((c) => c.path === '/api/reval/analytics/trend')?.query.get('cityCode')).toBe('110100');
    expect(screen.getByRole('button', { name: /导出/ })).toBeTruthy();
  });

  it('says 尚未重估 before the first finished run', async () => {
    answerApi({
      ...permissions([Perm.loanTrend]),
      '/api/region/tree': { data: REGIONS },
      '/api/reval/analytics/trend': { data: { points: [], seriesLevel: 'city', series: [] } },
    });
    renderPage(<LoanTrendPage />, { url: '/org/LoanOfTrendAnalyse' });
    expect((await screen.findAllByText('尚未重估')).length).toBeGreaterThan(0);
  });

  it('switches the structure dimension and keeps it in the URL', async () => {
    answerApi({ ...permissions([Perm.loanStructure]), '/api/reval/analytics/structure': { data: STRUCTURE } });
    renderPage(<LoanStructurePage />, { url: '/org/LoanOfStructureAnalyse' });
    const table = await screen.findByRole('table', { name: '结构分析' });
    expect(await within(table).findByText('北京市')).toBeTruthy();
    expect(within(table).getByText('59.60%')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '抵押率区间' }));
    expect(await within(table).findByText('无贷款')).toBeTruthy();
    expect(within(table).getByText('22.73%')).toBeTruthy();
    expect(within(table).getByText('440万元')).toBeTruthy();
    expect(pageLocation()).toContain('dim=ltvBand');
  });

  it('puts the latest run on the screen in large figures, with the alerts and the falls', async () => {
    answerApi({ ...permissions([Perm.loanScreen]), '/api/reval/analytics/screen': { data: SCREEN } });
    renderPage(<LoanScreenPage />, { url: '/org/LoanOfBusinessScreen' });
    expect(await screen.findByText('6.12亿元')).toBeTruthy();
    expect(screen.getByText('3.00亿元')).toBeTruthy();
    expect(screen.getByText('52.50%')).toBeTruthy();
    expect(screen.getByText('1,250项')).toBeTruthy();
    expect(screen.getByText('共 5 条')).toBeTruthy();
    const falls = screen.getByRole('table', { name: '跌幅前10' });
    expect(within(falls).getByText('-15.00%')).toBeTruthy();
    expect(within(falls).getByText('L-0031')).toBeTruthy();
    expect(screen.getByText('本次重估无上涨押品')).toBeTruthy();
    expect(screen.getByText(/每分钟自动刷新/)).toBeTruthy();
  });

  it('shows 尚未重估 on the screen without a finished run', async () => {
    answerApi({
      ...permissions([Perm.loanScreen]),
      '/api/reval/analytics/screen': { data: { ...SCREEN, run: null, falls: [], trend: [] } },
    });
    renderPage(<LoanScreenPage />, { url: '/org/LoanOfBusinessScreen' });
    expect(await screen.findByText('尚未重估')).toBeTruthy();
  });
});
