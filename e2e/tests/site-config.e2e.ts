import { crc32, deflateSync } from 'node:zlib';
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

/** A PNG of one colour, `width` by `height` pixels. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [224, 49, 49]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The width of the header's logo image as the browser decoded it. */
const logoWidth = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('img', { name: 'logo' })
    .evaluate((el) => (el as HTMLImageElement).naturalWidth);

/** Applies the configuration: the page reloads and still confirms the save. */
async function applyAndReload(page: Page) {
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: '应用', exact: true }).click();
  await reloaded;
  await expect(page.getByText('网站配置保存成功！')).toBeVisible();
}

async function uploadLogo(page: Page, name: string, content: Buffer) {
  await page.goto('/channel/clientConfiguration');
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('button', { name: /^(更换|上传)$/ })
    .first()
    .click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: content });
  await applyAndReload(page);
}

async function chooseTheme(page: Page, preset: string) {
  await page.goto('/channel/clientConfiguration');
  await page.getByRole('button', { name: new RegExp(`^预设颜色\\d ${preset}$`) }).click();
  await expect(page.getByRole('textbox', { name: '自定义颜色' })).toHaveValue(preset);
  await applyAndReload(page);
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

  // The channel's logo as it is now, to put back at the end.
  const logoSrc = await page.getByRole('banner').getByRole('img', { name: 'logo' }).getAttribute('src');
  const originalLogo = logoSrc ? await (await page.request.get(logoSrc)).body() : null;

  await chooseTheme(page, '#e03131');
  await expect.poll(() => background(page.getByRole('button', { name: '应用', exact: true }))).toBe(RED);
  await uploadLogo(page, 'e2e-logo.png', png(37, 37));

  // A customer of the second demo company, which takes the channel's branding (the first one has its own colour).
  const customer = await browser.newContext();
  try {
    const user = await customer.newPage();
    await logIn(user, 'user', 'hdperson', DEMO_PASSWORD);
    await expect(user).toHaveURL(/\/org\//);
    await expect.poll(() => primaryColor(user)).toBe(RED);
    await expect.poll(() => logoWidth(user)).toBe(37);
    await user.goto('/login');
    await expect.poll(() => background(user.getByRole('button', { name: '登录', exact: true }))).toBe(RED);
  } finally {
    await customer.close();
  }

  // The next tests see the channel's usual colour and logo.
  if (originalLogo) await uploadLogo(page, 'logo.png', originalLogo);
  await chooseTheme(page, '#1c7ed6');
  await expect.poll(() => background(page.getByRole('button', { name: '应用', exact: true }))).toBe(BLUE);
});
