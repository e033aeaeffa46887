import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DriftAlertView, DriftRuleView, RevalRunView } from '@valuation/contracts';
import { Perm, RevalMsg } from '@valuation/domain';
import Cookies from 'js-cookie';
import { ORG_ROUTES } from '../../../app/routing/org-routes';
import { registerRoutes } from '../../../app/routing/route-registry';
import { answerApi, renderPage } from '../../../app/testing/page-harness';
import { DriftAlertsPage } from './DriftAlertsPage';
import { RevaluationPage } from './RevaluationPage';

const perm = (id: number) => ({ id, name: String(id), parentId: 0, level: 1, sort: 1, code: `${id}:visible`, url: '' });

const RUN: RevalRunView = {
  id: 7,
  trigger: 1,
  state: 2,
  accountName: '管理员',
  engineVersion: 'avm-1.3.0',
  total: 120,
  processed: 120,
  valued: 118,
  alerts: 3,
  valueTotal: 612_000_000,
  loanTotal: 300_000_000,
  ltv: 52.5,
  errorReason: null,
  charged: false,
  chargeCount: 0,
  refundCount: 0,
  createTime: '2026-11-01 09:00:00',
  finishTime: '2026-11-01 09:01:10',
};

const RULE: DriftRuleView = {
  originDropPct: 10,
  lastDropPct: 10,
  maxLtvPct: 80,
  alertClassC: true,
  scheduleMonths: 1,
  scheduleEnabled: true,
  nextRunDate: '2026-12-01',
  charged: false,
};

const ALERT: DriftAlertView = {
  id: 1,
  runId: 7,
  assetId: 31,
  kind: 'ltv',
  actual: 86.2,
  threshold: 80,
  message: '抵押率86.20%，超过80%',
  cityName: '北京市',
  haName: '望京花园',
  loanNo: 'L-0031',
  loanAmount: 2_800_000,
  totalPrice: 3_248_000,
  read: false,
  createTime: '2026-11-01 09:01:00',
};

beforeAll(() => registerRoutes('org', ORG_ROUTES));
beforeEach(() => Cookies.set('userToken', 'user-session-token'));
afterEach(() => Cookies.remove('userToken'));

function answers(perms: number[], alerts: DriftAlertView[] = [ALERT], run: RevalRunView = RUN, rule: DriftRuleView = RULE) {
  return answerApi({
    '/api/auth/user/login-user/perms': { data: perms.map(perm) },
    '/api/reval/runs': { data: { list: [run], pages: 1, pageNum: 1, total: 1 } },
    '/api/reval/rule': { data: rule },
    '/api/reval/run': { data: { runId: 8, total: 120 }, message: RevalMsg.started },
    '/api/reval/alerts': { data: { list: alerts, pages: 1, pageNum: 1, total: alerts.length } },
    '/api/reval/alerts/unread': { data: 1 },
    '/api/reval/alerts/read': { data: { marked: 1 }, message: RevalMsg.readMarked },
  });
}

describe('collateral monitoring pages', () => {
  it('shows the latest run and the schedule, and starts a run after the confirmation', async () => {
    const sent = answers([Perm.collateral, Perm.revalRun, Perm.driftRule]);
    renderPage(<RevaluationPage />, { url: '/org/collateral' });
    expect(await screen.findByText('重估任务 7')).toBeTruthy();
    expect(screen.getByText(/每1个月自动重估，下次：2026-12-01/)).toBeTruthy();
    expect(screen.getAllByText('52.50%')).not.toHaveLength(0);

    expect(screen.getByText(/不扣减估价次数/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '立即重估' }));
    const confirm = await screen.findByRole('dialog', { name: '发起重估' });
    expect(within(confirm).getByText(/（不扣除估价次数）/)).toBeTruthy();
    expect(sent.some((c) => c.path === '/api/reval/run')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: '发起重估' }));
    expect(await screen.findByText('重估任务已创建：共120项资产')).toBeTruthy();
  });

  it('shows the counts a charged run used and gave back, and warns before a charged run', async () => {
    answers(
      [Perm.collateral, Perm.revalRun],
      [ALERT],
      { ...RUN, charged: true, chargeCount: 120, refundCount: 2 },
      { ...RULE, charged: true },
    );
    renderPage(<RevaluationPage />, { url: '/org/collateral' });
    expect(await screen.findByText('重估任务 7')).toBeTruthy();
    expect(screen.getByText(/· 扣减估价次数 120，退回 2/)).toBeTruthy();
    const table = await screen.findByRole('table', { name: '重估任务' });
    expect(within(table).getByText('120/2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '立即重估' }));
    const confirm = await screen.findByRole('dialog', { name: '发起重估' });
    expect(within(confirm).getByText(/每项资产扣减 1 次估价次数，未估出价值的退回/)).toBeTruthy();
  });

  it('offers neither the run nor the rule without their permissions', async () => {
    answers([Perm.collateral]);
    renderPage(<RevaluationPage />, { url: '/org/collateral' });
    expect(await screen.findByText('重估任务 7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即重估' })).toBeNull();
    expect(screen.queryByRole('button', { name: '预警规则' })).toBeNull();
  });

  it('lists the alerts by the filters of the URL', async () => {
    const sent = answers([Perm.collateral, Perm.driftAlertExport]);
    renderPage(<DriftAlertsPage />, { url: '/org/collateralAlerts?kind=ltv&runId=7' });
    const table = await screen.findByRole('table', { name: '押品预警' });
    expect(await within(table).findByText('抵押率86.20%，超过80%')).toBeTruthy();
    const query = sent.find((c) => c.path === '/api/reval/alerts')?.query;
    expect(query?.get('kind')).toBe('ltv');
    expect(query?.get('runId')).toBe('7');
    expect(within(table).getByText('280.00万元')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出/ })).toBeTruthy();
  });

  it('marks the unread alerts with a dot and marks them all read after the confirmation', async () => {
    const sent = answers([Perm.collateral], [ALERT, { ...ALERT, id: 2, kind: 'originDrop', message: '较放款时下跌12.00%', read: true }]);
    renderPage(<DriftAlertsPage />, { url: '/org/collateralAlerts' });
    const table = await screen.findByRole('table', { name: '押品预警' });
    const unreadRow = (await within(table).findByText('抵押率86.20%，超过80%')).closest('tr')!;
    const readRow = within(table).getByText('较放款时下跌12.00%').closest('tr')!;
    expect(within(unreadRow).getByLabelText('未读')).toBeTruthy();
    expect(within(readRow).queryByLabelText('未读')).toBeNull();
    expect(within(unreadRow).getByRole('button', { name: '标为已读' })).toBeTruthy();
    expect(within(readRow).queryByRole('button', { name: '标为已读' })).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: '全部标为已读（1）' }));
    const dialog = await screen.findByRole('dialog');
    expect(sent.some((c) => c.path === '/api/reval/alerts/read')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '全部标为已读' }));
    await waitFor(() =>
      expect(sent.find((c) => c.path === '/api/reval/alerts/read')).toMatchObject({ method: 'POST', body: { all: true } }),
    );
  });
});
