import { execFileSync } from 'node:child_process';
import { chromium, test } from '@playwright/test';
import { Client } from 'pg';
import { closeRedis, DEMO_PASSWORD, expect, logIn } from './support';

test.afterAll(closeRedis);

const DOMAIN = 'val.bjdemobank.e2e.test';
const databaseUrl = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/valuation_e2e';
const webPort = Number(process.env.E2E_WEB_PORT ?? 3100);

/** The customer company's own branding (its site configuration override). */
async function brandCustomer(companyName: string, productName: string) {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    await pg.query(
      `INSERT INTO site_config (tenant_id, company_id, product_name, company_name, theme_color)
       SELECT tenant_id, id, $2::varchar, $1::varchar, 'rgba(176, 30, 50, 1)' FROM organization WHERE name = $1::varchar AND parent_id IS NULL
       ON CONFLICT DO NOTHING`,
      [companyName, productName],
    );
  } finally {
    await pg.end();
  }
}

test("a channel applies for a customer domain, the operator completes it, and the login page on that host shows the customer's branding", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await brandCustomer('北京示范银行', '北京示范银行押品估价系统');

  await logIn(page, 'tenant', 'channeladmin', DEMO_PASSWORD, '/channelLogin');
  await expect(page).toHaveURL(/\/channel\//);
  await page.goto('/channel/customerDomain');
  await page.getByRole('button', { name: '申请域名' }).click();
  const form = page.getByRole('dialog', { name: '申请域名' });
  await form.getByRole('textbox', { name: '客户公司' }).click();
  await page.getByRole('option', { name: '北京示范银行' }).click();
  await form.getByRole('textbox', { name: '估价网站域名' }).fill(`https://${DOMAIN.toUpperCase()}/`);
  await form.getByRole('button', { name: '申请' }).click();
  const row = page.getByRole('row', { name: new RegExp(DOMAIN.replace(/\./g, '\\.')) });
  await expect(row.getByText('处理中')).toBeVisible();

  // The platform operator sets the domain up.
  const out = execFileSync('node', ['dist/server/scripts/lib/customer-domain.js', 'complete', DOMAIN, '--ip', '127.0.0.1'], {
    cwd: `${__dirname}/../..`,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  expect(out).toContain(DOMAIN);
  await page.reload();
  await expect(row.getByText('已完成')).toBeVisible();

  // A browser that resolves the customer's domain to this server.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--host-resolver-rules=MAP *.e2e.test 127.0.0.1`],
  });
  try {
    const branded = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
    await branded.goto(`http://${DOMAIN}:${webPort}/login`);
    await expect(branded.getByText('北京示范银行押品估价系统').first()).toBeVisible();
    const plain = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
    await plain.goto(`http://127.0.0.1:${webPort}/login`);
    await expect(plain.getByText('房产智能估价平台').first()).toBeVisible();
    await expect(plain.getByText('北京示范银行押品估价系统')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
