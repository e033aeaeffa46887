import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotifyDeliveryView } from '@valuation/contracts';
import { NotifyDeliveryMsg, Perm } from '@valuation/domain';
import Cookies from 'js-cookie';
import { ORG_ROUTES } from '../../../app/routing/org-routes';
import { registerRoutes } from '../../../app/routing/route-registry';
import { answerApi, renderPage } from '../../../app/testing/page-harness';
import { NotifySettingsPage } from './NotifySettingsPage';

const perm = (id: number) => ({ id, name: String(id), parentId: 0, level: 1, sort: 1, code: `${id}:visible`, url: '' });

const DELIVERED: NotifyDeliveryView = {
  id: 41,
  kind: 'revaluation.finished',
  channel: 'webhook',
  status: 'delivered',
  attempts: 2,
  lastError: null,
  organizationId: 5,
  organizationName: '北京示范银行',
  targetHost: 'hooks.example.com',
  resendOf: null,
  createTime: '2026-11-01 09:01:00',
  finishTime: '2026-11-01 09:01:12',
};

const FAILED: NotifyDeliveryView = {
  ...DELIVERED,
  id: 40,
  kind: 'batch.finished',
  status: 'failed',
  attempts: 6,
  lastError: '回调地址应答 HTTP 500',
};

const SMS: NotifyDeliveryView = {
  ...DELIVERED,
  id: 39,
  kind: 'batch.finished',
  channel: 'sms',
  status: 'skipped',
  attempts: 1,
  lastError: '短信未配置（SMS_PROVIDER_URL、SMS_API_KEY、SMS_SIGN）',
  targetHost: null,
};

beforeAll(() => registerRoutes('org', ORG_ROUTES));
beforeEach(() => Cookies.set('userToken', 'user-session-token'));
afterEach(() => Cookies.remove('userToken'));

function answers() {
  return answerApi({
    '/api/auth/user/login-user/perms': { data: [perm(Perm.organisation)] },
    '/api/auth/org/findMOrgs': { data: [{ id: 5, parentId: null, name: '北京示范银行', children: [] }] },
    '/api/organization/notify-settings': {
      data: { organizationId: 5, webhookUrl: 'https://hooks.example.com/valuation', hasSecret: true, secretPreview: 'a1b2****' },
    },
    '/api/notify/deliveries': { data: { list: [DELIVERED, FAILED, SMS], pages: 1, pageNum: 1, total: 3 } },
    '/api/notify/deliveries/resend': { data: { id: 42 }, message: NotifyDeliveryMsg.resent },
  });
}

describe('the delivery log of the notify settings page', () => {
  it('lists the deliveries by the filters of the URL with their status and attempts', async () => {
    const sent = answers();
    renderPage(<NotifySettingsPage />, { url: '/org/notifySettings?kind=revaluation.finished&status=delivered&beginDate=2026/11/01' });
    const table = await screen.findByRole('table', { name: '推送记录' });
    expect(await within(table).findByText('押品重估结束')).toBeTruthy();
    const query = sent.find((c) => c.path === '/api/notify/deliveries')?.query;
    expect(query?.get('kind')).toBe('revaluation.finished');
    expect(query?.get('status')).toBe('delivered');
    expect(query?.get('beginDate')).toBe('2026/11/01');

    const rows = within(table).getAllByRole('row');
    const delivered = rows.find((r) => within(r).queryByText('编号 41'));
    const failed = rows.find((r) => within(r).queryByText('编号 40'));
    const sms = rows.find((r) => within(r).queryByText('编号 39'));
    expect(delivered && within(delivered).getByText('已送达')).toBeTruthy();
    expect(delivered && within(delivered).getByText('hooks.example.com')).toBeTruthy();
    expect(failed && within(failed).getByText('失败')).toBeTruthy();
    expect(failed && within(failed).getByText('回调地址应答 HTTP 500')).toBeTruthy();
    expect(failed && within(failed).getByText('6')).toBeTruthy();
    expect(sms && within(sms).getByText('未推送')).toBeTruthy();
    expect(sms && within(sms).queryByRole('button', { name: '重新推送' })).toBeNull();
  });

  it('sends a delivery again only after the confirmation', async () => {
    const sent = answers();
    renderPage(<NotifySettingsPage />, { url: '/org/notifySettings' });
    const table = await screen.findByRole('table', { name: '推送记录' });
    await within(table).findByText('押品重估结束');
    const failed = within(table)
      .getAllByRole('row')
      .find((r) => within(r).queryByText('编号 40'));
    fireEvent.click(within(failed!).getByRole('button', { name: '重新推送' }));
    const dialog = await screen.findByRole('dialog', { name: '重新推送' });
    expect(within(dialog).getByText(/hooks\.example\.com/)).toBeTruthy();
    expect(sent.some((c) => c.path === '/api/notify/deliveries/resend')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '重新推送' }));
    expect(await screen.findByText('已重新推送')).toBeTruthy();
    const resend = sent.find((c) => c.path === '/api/notify/deliveries/resend');
    expect(resend).toMatchObject({ method: 'POST', body: { id: 40 } });
    await waitFor(() => expect(sent.filter((c) => c.path === '/api/notify/deliveries').length).toBeGreaterThan(1));
  });
});
