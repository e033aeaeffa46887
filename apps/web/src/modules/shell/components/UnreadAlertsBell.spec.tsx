import { screen, waitFor } from '@testing-library/react';
import { Perm } from '@valuation/domain';
import Cookies from 'js-cookie';
import { ORG_ROUTES } from '../../../app/routing/org-routes';
import { registerRoutes } from '../../../app/routing/route-registry';
import { answerApi, renderPage } from '../../../app/testing/page-harness';
import { UnreadAlertsBell } from './UnreadAlertsBell';

const perm = (id: number) => ({ id, name: String(id), parentId: 0, level: 1, sort: 1, code: `${id}:visible`, url: '' });

beforeAll(() => registerRoutes('org', ORG_ROUTES));
beforeEach(() => Cookies.set('userToken', 'user-session-token'));
afterEach(() => Cookies.remove('userToken'));

describe('the collateral alert bell of the header', () => {
  it('shows the unread alert count and links to the alert list', async () => {
    const sent = answerApi({
      '/api/auth/user/login-user/perms': { data: [perm(Perm.collateral)] },
      '/api/reval/alerts/unread': { data: 7 },
    });
    renderPage(<UnreadAlertsBell color="#fff" />, { url: '/org/personal' });
    const bell = await screen.findByRole('link', { name: '未读押品预警 7 条' });
    expect(bell.getAttribute('href')).toBe('/org/collateralAlerts');
    expect(screen.getByText('7')).toBeTruthy();
    expect(sent.filter((c) => c.path === '/api/reval/alerts/unread')).toHaveLength(1);
  });

  it('shows no count when every alert is read', async () => {
    answerApi({
      '/api/auth/user/login-user/perms': { data: [perm(Perm.collateral)] },
      '/api/reval/alerts/unread': { data: 0 },
    });
    renderPage(<UnreadAlertsBell color="#fff" />, { url: '/org/personal' });
    const bell = await screen.findByRole('link', { name: '押品预警' });
    expect(bell.getAttribute('href')).toBe('/org/collateralAlerts');
  });

  it('is absent, and asks nothing, for users without the collateral permission', async () => {
    const sent = answerApi({ '/api/auth/user/login-user/perms': { data: [perm(Perm.organisation)] } });
    renderPage(<UnreadAlertsBell color="#fff" />, { url: '/org/personal' });
    await waitFor(() => expect(sent.some((c) => c.path === '/api/auth/user/login-user/perms')).toBe(true));
    expect(screen.queryByRole('link')).toBeNull();
    expect(sent.some((c) => c.path === '/api/reval/alerts/unread')).toBe(false);
  });
});
