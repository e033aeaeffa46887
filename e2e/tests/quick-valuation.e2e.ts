import { test, type Page } from '@playwright/test';
import { closeRedis, DEMO_PASSWORD, expect, logIn } from './support';

test.afterAll(closeRedis);

/** A community of the deterministic demo market in Beijing. */
const COMMUNITY = '春晓花园';

async function chooseBeijingByPinyin(page: Page) {
  const picker = page.getByRole('dialog', { name: '选择城市' });
  await expect(picker).toBeVisible();
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(picker.getByText('请输入城市中文名或拼音!')).toBeVisible();
  await picker.getByRole('textbox', { name: '城市名称或拼音' }).fill('zzzz');
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(picker.getByText('请输入正确的城市名或拼音！')).toBeVisible();
  await picker.getByRole('textbox', { name: '城市名称或拼音' }).fill('beijing');
  await expect(page.getByRole('option', { name: '北京', exact: true })).toBeVisible();
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: '选择城市' })).toHaveText(/北京/);
}

async function findCommunity(page: Page, name: string) {
  await page.getByRole('textbox', { name: '小区名称或地址' }).fill(name);
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await expect(page.getByText('小区售价均价')).toBeVisible();
}

test('a user picks a city by pinyin, values a flat, reads the report, re-values it and exports the record', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'user', 'demouser', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/org\/quickval$/);
  await chooseBeijingByPinyin(page);
  await findCommunity(page, COMMUNITY);
  await expect(page.getByText(COMMUNITY).first()).toBeVisible();

  await page.getByLabel('面积').fill('89.5');
  await page.getByLabel('所在楼层').fill('60');
  await page.getByLabel('总楼层').fill('18');
  await page.getByRole('button', { name: '自动估售价' }).click();
  await expect(page.getByText('请输入正确的楼层')).toBeVisible();
  await expect(page).toHaveURL(/\/org\/quickval/);

  await page.getByLabel('所在楼层').fill('5');
  await page.getByRole('button', { name: '自动估售价' }).click();
  await expect(page).toHaveURL(/\/org\/valreport\?evalCode=EV\d+/);
  const evalCode = new URL(page.url()).searchParams.get('evalCode')!;

  await expect(page.getByText('万元').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '案例分析' })).toBeVisible();
  const samples = page.locator('table').filter({ hasText: '挂牌时间' });
  await expect(samples.locator('tbody tr')).not.toHaveCount(0);
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByText(evalCode).first()).toBeVisible();

  // At a laptop width the community name stays on one line and the buttons wrap below it.
  await page.setViewportSize({ width: 1024, height: 768 });
  const title = page.getByTestId('report-title');
  await expect(title).toHaveText(COMMUNITY);
  const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await title.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The report's map never covers a dialog: 提交 of 人工询价 takes a plain click.
  await expect(page.locator('.leaflet-control-zoom')).toBeVisible();
  await page.getByRole('button', { name: '人工询价' }).click();
  const enquiry = page.getByRole('dialog', { name: '人工询价' });
  await expect(enquiry).toBeVisible();
  await enquiry.getByRole('radio', { name: '附近交易数据较少' }).check();
  await enquiry.getByRole('button', { name: '提交' }).click({ timeout: 5_000 });
  await expect(page.getByText('提交成功')).toBeVisible();
  await expect(enquiry).toBeHidden();

  await page.getByRole('button', { name: '重新估价' }).click();
  await expect(page.getByText('重新估价成功！')).toBeVisible();
  await expect(page).toHaveURL(/showRe=1/);
  const revalued = new URL(page.url()).searchParams.get('evalCode')!;
  expect(revalued).not.toBe(evalCode);

  await page.getByRole('navigation').getByText('估价记录').click();
  await expect(page).toHaveURL(/\/org\/valuationRecord/);
  const row = page.getByRole('row', { name: new RegExp(revalued) });
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});

/** On the map page: finds the community and shows it; the map's container. */
async function showCommunityOnMap(page: Page) {
  await page.getByLabel('小区/地址').fill(COMMUNITY);
  await page
    .getByRole('option', { name: new RegExp(COMMUNITY) })
    .first()
    .click();
  const map = page.locator('.vmap-container');
  await expect(map).toBeVisible();
  return map;
}

test('a point marked on the map comes back to quick valuation and is valued from its position', async ({ page }) => {
  await logIn(page, 'user', 'demouser', DEMO_PASSWORD);
  await chooseBeijingByPinyin(page);
  await page.getByRole('textbox', { name: '小区名称或地址' }).fill('没有这个小区名称');
  await page.getByRole('button', { name: '确定', exact: true }).click();
  const modal = page.getByRole('dialog', { name: '提示' });
  await expect(modal.getByText('未获取到相关小区信息！', { exact: false })).toBeVisible();
  await modal.getByRole('button', { name: '地图定位' }).click();
  await expect(page).toHaveURL(/\/org\/maps/);

  const map = await showCommunityOnMap(page);
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 + 120);
  await page.getByRole('button', { name: '评估该房产' }).click();

  await expect(page).toHaveURL(/\/org\/quickval\?isClick=2/);
  await expect(page.getByText('地图标记位置')).toBeVisible();
  await page.getByLabel('面积').fill('75');
  await page.getByLabel('所在楼层').fill('3');
  await page.getByLabel('总楼层').fill('6');
  await page.getByRole('button', { name: '自动估租金' }).click();
  await expect(page).toHaveURL(/\/org\/valreport\?evalCode=EV\d+/);
  await expect(page.getByText('元/月').first()).toBeVisible();
});

test('a point marked far from any community is answered on the page, without a valuation request', async ({ page }) => {
  await logIn(page, 'user', 'demouser', DEMO_PASSWORD);
  await chooseBeijingByPinyin(page);
  await page.goto('/org/maps');
  const box = (await (await showCommunityOnMap(page)).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 + 120);
  await page.getByRole('button', { name: '评估该房产' }).click();
  await expect(page).toHaveURL(/\/org\/quickval\?isClick=2/);
  // The same mark moved far out of town, hundreds of kilometres from any Beijing community.
  await page.evaluate(() => {
    const gps = JSON.parse(window.sessionStorage.getItem('currentGps') ?? '{}') as { coord: string };
    window.sessionStorage.setItem('currentGps', JSON.stringify({ ...gps, coord: '113.2,36.1' }));
  });
  await page.reload();
  await expect(page.getByText('地图标记位置')).toBeVisible();

  const valuations: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/eval/rapid')) valuations.push(r.url());
  });
  await page.getByLabel('面积').fill('75');
  await page.getByLabel('所在楼层').fill('3');
  await page.getByLabel('总楼层').fill('6');
  await page.getByRole('button', { name: '自动估售价' }).click();
  await expect(page.getByRole('dialog', { name: '提示' }).getByText('未查找到相关房产信息，可采用人工询价进行评估！')).toBeVisible();
  expect(valuations).toEqual([]);
});

test('a user without the sale valuation permission sees only the rent button', async ({ page }) => {
  await logIn(page, 'user', 'demorent', DEMO_PASSWORD);
  await chooseBeijingByPinyin(page);
  await findCommunity(page, COMMUNITY);
  await expect(page.getByRole('button', { name: '自动估租金' })).toBeVisible();
  await expect(page.getByRole('button', { name: '自动估售价' })).toHaveCount(0);
});
