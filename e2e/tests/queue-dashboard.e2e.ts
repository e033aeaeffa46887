import { expect, test } from '@playwright/test';

const operator = { username: process.env.E2E_OPS_USER ?? 'ops', password: process.env.E2E_OPS_PASSWORD ?? 'e2e-operator-password' };

test.describe('queue dashboard for platform operators', () => {
  test('is closed without the operator login', async ({ request }) => {
    const res = await request.get('/api/ops/queues');
    expect(res.status()).toBe(401);
    expect(res.headers()['www-authenticate']).toContain('Basic');
  });

  test('shows every queue and the jobs of one to the operator', async ({ browser }) => {
    const context = await browser.newContext({ httpCredentials: operator });
    const page = await context.newPage();
    await page.goto('/api/ops/queues');
    await expect(page.getByText('任务队列').first()).toBeVisible();
    const nav = page.getByRole('navigation');
    for (const name of ['batch', 'report', 'audit', 'notify', 'market-index'])
      await expect(nav.getByText(name, { exact: true })).toBeVisible();
    await nav.getByText('batch', { exact: true }).click();
    await expect(page).toHaveURL(/\/api\/ops\/queues\/queue\/batch/);
    await expect(page.getByText('已完成').first()).toBeVisible();
    await context.close();
  });
});
