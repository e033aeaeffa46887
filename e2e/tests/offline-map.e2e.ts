import { test } from '@playwright/test';
import { closeRedis, DEMO_PASSWORD, expect, logIn } from './support';

test.afterAll(closeRedis);

test('without map tiles the map page draws the offline district map and a point can still be marked', async ({ page }) => {
  // The stack has no internet; tile requests are also refused outright, as on an intranet.
  const tileRequests: string[] = [];
  await page.route(/tile\.openstreetmap\.org/, (route) => {
    tileRequests.push(route.request().url());
    return route.abort('internetdisconnected');
  });

  await logIn(page, 'user', 'demouser', DEMO_PASSWORD);
  const picker = page.getByRole('dialog', { name: '选择城市' });
  await picker.getByRole('textbox', { name: '城市名称或拼音' }).fill('北京');
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(picker).toBeHidden();

  await page.goto('/org/maps');
  await expect(page.getByRole('button', { name: '选择城市' })).toHaveText(/北京/);
  const map = page.locator('.vmap-container');
  await expect(map).toBeVisible();
  await expect(page.getByText('在线底图加载失败，已显示离线区划图，仍可点击地图标注位置')).toBeVisible();
  expect(tileRequests.length).toBeGreaterThan(0);

  // Close in, the district the view lies in is named within the view.
  const labels = map.locator('.vmap-district-label > span');
  await expect(labels.first()).toBeVisible();

  // Zoomed out to the city, the districts are drawn and named.
  // One level at a time: a click during a zoom animation is lost, so each waits for the scale to change.
  const zoomOut = page.getByRole('button', { name: 'Zoom out' });
  const scale = map.locator('.leaflet-control-scale-line');
  for (let i = 0; i < 6; i++) {
    const before = (await scale.textContent()) ?? '';
    await zoomOut.click();
    await expect(scale).not.toHaveText(before);
  }
  await expect(labels.filter({ hasText: '海淀区' })).toBeVisible();
  await expect(labels.filter({ hasText: '朝阳区' })).toBeVisible();
  await expect(labels.filter({ hasText: '东城区' })).toBeVisible();
  expect(await map.locator('.leaflet-vmapOfflineBase-pane path').count()).toBeGreaterThanOrEqual(16);

  // A name sits inside the map, not off its edge.
  const box = (await map.boundingBox())!;
  const label = (await labels.filter({ hasText: '海淀区' }).boundingBox())!;
  expect(label.x).toBeGreaterThanOrEqual(box.x);
  expect(label.x + label.width).toBeLessThanOrEqual(box.x + box.width);

  // A click on the map (on the drawn land) marks a point and opens its form.
  await page.mouse.click(box.x + box.width / 2 + 30, box.y + box.height / 2 + 40);
  await expect(page.getByText('标注位置', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '评估该房产' })).toBeVisible();
});
