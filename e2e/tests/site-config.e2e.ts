import { test, type Locator, type Page } from '@playwright/test';
import { closeRedis, confirmDialog, DEMO_PASSWORD, expect, logIn } from './support';

test.afterAll(closeRedis);

const RED = 'rgb(224, 49, 49)';
const BLUE = 'rgb(28, 126, 214)';

const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

/** The theme's primary colour as the page paints it. */
const primaryColor = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.background = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const color = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return color;
  });

async function chooseTheme(page: Page, preset: string) {
  await page.goto('/channel/clientConfiguration');
  await page.getByRole('button', { name: new RegExp(`^预设颜色\\d ${preset}$`) }).click();
  await expect(page.getByRole('textbox', { name: '自定义颜色' })).toHaveValue(preset);
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: '应用', exact: true }).click();
  await expect(page.getByText('网站配置保存成功！')).toBeVisible();
  await reloaded;
}

test('a channel administrator changes the theme colour and a customer user sees it on the login page and after login', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'tenant', 'channeladmin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/channel\/channelPersonal$/);

  // Cancelling asks first; declining keeps the page as it is.
  await page.goto('/channel/clientConfiguration');
  await page.getByRole('button', { name: '取消', exact: true }).click();
  await confirmDialog(page, '确认取消当前操作?', '取消');

  await chooseTheme(page, '#e03131');
  await expect.poll(() => background(page.getByRole('button', { name: '应用', exact: true }))).toBe(RED);

  const customer = await browser.newContext();
  try {
    const user = await customer.newPage();
    await logIn(user, 'user', 'demouser', DEMO_PASSWORD);
    await expect(user).toHaveURL(/\/org\//);
    await expect.poll(() => primaryColor(user)).toBe(RED);
    await user.goto('/login');
    await expect.poll(() => background(user.getByRole('button', { name: '登录', exact: true }))).toBe(RED);
  } finally {
    await customer.close();
  }

  // The next tests see the channel's usual colour.
  await chooseTheme(page, '#1c7ed6');
  await expect.poll(() => background(page.getByRole('button', { name: '应用', exact: true }))).toBe(BLUE);
});
