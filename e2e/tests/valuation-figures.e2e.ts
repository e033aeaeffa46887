import { test } from '@playwright/test';
import { closeRedis, DEMO_PASSWORD, describeFlat, expect, logIn } from './support';

test.afterAll(closeRedis);

test('one valuation reads one total on its report, in the records and on the appraiser case page, and its trend draws what its figures say', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await (await browser.newContext()).newPage();
  const appraiser = await (await browser.newContext()).newPage();

  await logIn(user, 'user', 'demouser', DEMO_PASSWORD);
  await expect(user).toHaveURL(/\/org\/quickval$/);
  await describeFlat(user, { community: '春晓花园', area: '96.37', floor: '4', totalFloors: '6' });
  await user.getByRole('button', { name: '自动估售价' }).click();
  await expect(user).toHaveURL(/\/org\/valreport\?evalCode=EV\d+/);
  const evalCode = new URL(user.url()).searchParams.get('evalCode')!;

  // The trend: its 环比/同比 describe the line it draws.
  const trend = user.getByTestId('price-trend');
  await expect(trend).toContainText(/环比 [+-]?\d+\.\d{2}%/);
  await expect(trend.locator('.recharts-line-curve')).toBeVisible();
  await expect(trend.getByText('暂无数据')).toHaveCount(0);

  const figure = (await user.getByTestId('report-total').textContent())!.trim();
  expect(figure).toMatch(/^[\d,]+$/);
  const total = `${figure}万元`;

  // The measured range under the value: 68 % and 95 % bounds around it and the FSD.
  const range = (await user.getByTestId('report-range-likely').textContent())!.trim();
  const [low, high] = range
    .replace('万元', '')
    .split('–')
    .map((n) => Number(n.replace(/,/g, '')));
  expect(range).toMatch(/^[\d,]+–[\d,]+万元$/);
  const value = Number(figure.replace(/,/g, ''));
  expect(low).toBeLessThanOrEqual(value);
  expect(high).toBeGreaterThanOrEqual(value);
  const wide = (await user.getByTestId('report-range-wide').textContent())!.trim();
  const [low95, high95] = wide
    .replace('万元', '')
    .split('–')
    .map((n) => Number(n.replace(/,/g, '')));
  expect(low95).toBeLessThanOrEqual(low);
  expect(high95).toBeGreaterThanOrEqual(high);
  await expect(user.getByTestId('report-range-fsd')).toHaveText(/^±\d+\.\d%$/);
  await expect(user.getByTestId('report-range')).toContainText('估值区间（约68%的成交价落在此区间）');

  await user.getByRole('button', { name: '人工复评' }).click();
  const review = user.getByRole('dialog', { name: '人工复评' });
  await expect(review.getByText(`原估价：${total}。`, { exact: false })).toBeVisible();
  await review.getByRole('radio', { name: '估价偏低' }).check();
  await review.getByRole('button', { name: '提交' }).click();
  await expect(user.getByText('人工复评申请成功，大约需要1-2个工作日，请您耐心等待...')).toBeVisible();

  await user.goto('/org/valuationRecord');
  const record = user.getByRole('row', { name: new RegExp(evalCode) });
  await expect(record).toBeVisible({ timeout: 30_000 });
  await expect(record.getByText(total, { exact: true })).toBeVisible();
  await expect(record.getByText(range, { exact: true })).toBeVisible();

  await logIn(appraiser, 'tenant', 'appraiser1', DEMO_PASSWORD, '/channelLogin');
  await expect(appraiser).toHaveURL(/\/channel\//);
  await appraiser.goto('/channel/appraisalQueue');
  // The newest unclaimed re-appraisal of the community: the one just filed.
  const row = appraiser.getByRole('row', { name: /人工复评.*春晓花园.*未领取/ }).first();
  await row.getByRole('link', { name: '处理' }).click();
  await expect(appraiser).toHaveURL(/\/channel\/appraisalCase\/\d+/);
  await expect(appraiser.getByText(evalCode)).toBeVisible();
  // 原估价 of the request and 估价总价 of its valuation: the report's number (no 期望价格 was given).
  await expect(appraiser.getByText(total, { exact: true })).toHaveCount(2);
  await expect(appraiser.getByTestId('case-trend-figures')).toBeVisible();
});
