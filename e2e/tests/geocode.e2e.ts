import { test, type Page } from '@playwright/test';
import { closeRedis, DEMO_PASSWORD, expect, logIn } from './support';

test.afterAll(closeRedis);

/**
 * In the deterministic demo market, 紫竹院路 (海淀区) has communities at numbers 191 and 243 about
 * 180 m apart and none at 200, so 紫竹院路200号 matches no community and is placed between them.
 * Where number 191 is, in bd09ll.
 */
const ADDRESS = '紫竹院路200号';
const MATCHED = '已定位到：紫竹院路（门牌200号附近）';
const NO_191 = { lon: 116.301545, lat: 39.951415 };

/** Metres between two nearby points (equirectangular). */
function metres(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  const k = (Math.PI / 180) * 6_371_000;
  return Math.hypot((a.lat - b.lat) * k, (a.lon - b.lon) * k * Math.cos((a.lat * Math.PI) / 180));
}

async function chooseBeijing(page: Page) {
  const picker = page.getByRole('dialog', { name: '选择城市' });
  // The picker opens once the browser's location has failed (up to its 6 s timeout).
  await expect(picker).toBeVisible({ timeout: 30_000 });
  await picker.getByRole('textbox', { name: '城市名称或拼音' }).fill('北京');
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: '选择城市' })).toHaveText(/北京/);
}

/** The popup of the marked point on the map. */
const markedPopup = (page: Page) => page.locator('.leaflet-popup').filter({ hasText: '标注位置' });

test('an address typed on the map page is placed by the geocoder, confirmed, and valued from that position', async ({ page }) => {
  await logIn(page, 'user', 'demouser', DEMO_PASSWORD);
  await chooseBeijing(page);
  await page.goto('/org/maps');

  const search = page.getByRole('textbox', { name: '小区/地址' });
  await search.fill(ADDRESS);
  // Enter acts on the settled search: no community matches the text.
  await expect(page.getByText('没有找到匹配的位置点？请确认后重新查找')).toBeVisible();
  await search.press('Enter');

  await expect(page.getByRole('alert').filter({ hasText: MATCHED })).toBeVisible();
  const popup = markedPopup(page);
  await expect(popup.getByText(MATCHED)).toBeVisible();
  await expect(popup.getByText('位置不准确时，可点击地图重新标注')).toBeVisible();
  await expect(popup.getByRole('textbox', { name: '地址' })).toHaveValue(ADDRESS);
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();

  await popup.getByRole('button', { name: '评估该房产' }).click();
  await expect(page).toHaveURL(/\/org\/quickval\?isClick=2/);
  await expect(page.getByText('地图标记位置')).toBeVisible();
  await expect(page.getByText(ADDRESS)).toBeVisible();
  const stored = JSON.parse((await page.evaluate(() => window.sessionStorage.getItem('currentGps'))) ?? 'null') as { coord: string };
  const [lon, lat] = stored.coord.split(',').map(Number);
  expect(metres({ lon, lat }, NO_191)).toBeLessThan(300);
});

test('a quick valuation address that matches no community opens the map at the geocoded point', async ({ page }) => {
  await logIn(page, 'user', 'demouser', DEMO_PASSWORD);
  await chooseBeijing(page);
  const address = page.getByRole('textbox', { name: '小区名称或地址' });

  await address.fill('火星基地999号');
  await page.getByRole('button', { name: '确定', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: '提示' });
  await expect(prompt.getByText(/地址定位失败，请使用地图定位或发起人工询价/)).toBeVisible();
  await prompt.getByRole('button', { name: '取消' }).click();
  await expect(prompt).toBeHidden();

  await address.fill(ADDRESS);
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await expect(prompt.getByText(`${MATCHED}，请在地图上确认房产位置后进行估价。`, { exact: false })).toBeVisible();
  await prompt.getByRole('button', { name: '地图定位' }).click();

  await expect(page).toHaveURL(/\/org\/maps\?.*point=/);
  const popup = markedPopup(page);
  await expect(popup.getByText(MATCHED)).toBeVisible();
  await expect(popup.getByRole('textbox', { name: '地址' })).toHaveValue(ADDRESS);
  const point = new URL(page.url()).searchParams.get('point')!;
  const [lon, lat] = point.split(',').map(Number);
  expect(metres({ lon, lat }, NO_191)).toBeLessThan(300);
});
