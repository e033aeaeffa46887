import { test, type Locator, type Page } from '@playwright/test';
import { closeRedis, DEMO_PASSWORD, expect, logIn } from './support';

test.afterAll(closeRedis);

/** A personal account of the second demo company with no Beijing package: a Beijing valuation uses nationwide counts. */
const ACCOUNT = 'hdperson';

/** The customer balance row of the account: its nationwide and advisory counts. */
async function balanceRow(page: Page) {
  await page.goto(`/channel/balance?account=${ACCOUNT}`);
  const row = page.getByRole('row', { name: new RegExp(ACCOUNT) });
  await expect(row).toBeVisible();
  return row;
}

/** A figure tile of a summary strip, by its label. */
const tile = (scope: Page | Locator, label: string) => scope.getByText(label, { exact: true }).locator('xpath=..');
/** The text of a tile showing exactly `n`. */
const figure = (n: number) => new RegExp(`\\D${n}\\D*$`);

async function pick(page: Page, dialog: ReturnType<Page['getByRole']>, field: string, option: string) {
  await dialog.getByRole('textbox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the channel allocates nationwide valuations and advisory copies, the account uses them, and every screen reads the same counts', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await logIn(page, 'tenant', 'channeladmin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/channel\/channelPersonal$/);

  const before = await balanceRow(page);
  const cells = async (row: typeof before) => (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
  const start = await cells(before);
  const header = (await page.getByRole('columnheader').allInnerTexts()).map((t) => t.replace(/\s/g, ''));
  const col = (title: RegExp) => header.findIndex((h) => title.test(h));
  const universalAt = col(/^全国通用/);
  const advisoryAt = col(/^咨询报告/);
  const universal0 = Number(start[universalAt].replace(/,/g, ''));
  const advisory0 = Number(start[advisoryAt].replace(/,/g, ''));

  // 10 nationwide valuations (enterprise gift) and 2 advisory copies, through the allocation dialog.
  const allocate = async (product: string, mode: string, count: string, price: string) => {
    await (await balanceRow(page)).getByRole('button', { name: '分配余额' }).click();
    const dialog = page.getByRole('dialog', { name: '分配余额' });
    await expect(dialog.getByRole('textbox', { name: '账号' })).toHaveValue(ACCOUNT);
    await pick(page, dialog, '产品', product);
    await pick(page, dialog, '购买模式', mode);
    const counts = dialog.getByRole('textbox', { name: product === '估价次数' ? '估价次数' : '报告份数' });
    await counts.fill(count);
    await dialog.getByRole('textbox', { name: '总价（元）' }).fill(price);
    await dialog.getByRole('textbox', { name: '截止日期' }).fill('2099/12/31');
    await dialog.getByRole('textbox', { name: '截止日期' }).blur();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('分配余额成功')).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await allocate('估价次数', '企业赠送', '10', '0');
  await allocate('咨询报告', '按份计价', '2', '100.5');
  const allocated = await cells(await balanceRow(page));
  expect(Number(allocated[universalAt].replace(/,/g, ''))).toBe(universal0 + 10);
  expect(Number(allocated[advisoryAt].replace(/,/g, ''))).toBe(advisory0 + 2);

  // The account values a Beijing flat (a nationwide count) and generates its advisory report (a copy).
  const customer = await browser.newPage();
  await logIn(customer, 'user', ACCOUNT, DEMO_PASSWORD);
  await expect(customer).toHaveURL(/\/org\/quickval$/);
  const picker = customer.getByRole('dialog', { name: '选择城市' });
  await picker.getByRole('textbox', { name: '城市名称或拼音' }).fill('北京');
  await picker.getByRole('button', { name: '确定' }).click();
  await customer.getByRole('textbox', { name: '小区名称或地址' }).fill('春晓花园');
  await customer
    .getByRole('option', { name: /春晓花园/ })
    .first()
    .click();
  await customer.getByRole('button', { name: '确定', exact: true }).click();
  await customer.getByLabel('面积').fill('92');
  await customer.getByLabel('所在楼层').fill('7');
  await customer.getByLabel('总楼层').fill('18');
  await customer.getByRole('button', { name: '自动估售价' }).click();
  await expect(customer).toHaveURL(/\/org\/valreport\?evalCode=EV\d+/);
  await customer.getByRole('button', { name: '生成咨询报告' }).click();
  await customer.getByRole('dialog', { name: '生成咨询报告' }).getByRole('button', { name: '确定生成' }).click();
  await expect(customer.getByText('生成报告成功!')).toBeVisible();

  const universal = universal0 + 10 - 1;
  const advisory = advisory0 + 2 - 1;

  // The channel's customer balance, order records and balance details.
  const after = await cells(await balanceRow(page));
  expect(Number(after[universalAt].replace(/,/g, ''))).toBe(universal);
  expect(Number(after[advisoryAt].replace(/,/g, ''))).toBe(advisory);

  await (await balanceRow(page)).getByRole('link', { name: '订单记录' }).click();
  await expect(page).toHaveURL(/\/channel\/balanceRecord\?.*account=hdperson/);
  await expect(page.getByRole('row', { name: /企业赠送/ }).filter({ hasText: '2099-12-31' })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /按份计价/ }).filter({ hasText: '2099-12-31' })).toHaveCount(1);

  await page.goto(`/channel/balanceDetail?account=${ACCOUNT}`);
  await expect(tile(page, '全国通用剩余估价次数')).toHaveText(figure(universal));
  await expect(tile(page, '咨询报告剩余份数')).toHaveText(figure(advisory));

  // The account's personal centre reads the same remaining counts, and lists its orders.
  await customer.goto('/org/personal');
  const quota = customer.locator('.mantine-Paper-root', { has: customer.getByRole('heading', { name: '剩余额度' }) });
  await expect(tile(quota, '全国通用估价次数')).toHaveText(figure(universal));
  await expect(tile(quota, '咨询报告')).toHaveText(figure(advisory));
  await expect(customer.getByRole('row', { name: /企业赠送/ }).filter({ hasText: '2099-12-31' })).toHaveCount(1);
});
