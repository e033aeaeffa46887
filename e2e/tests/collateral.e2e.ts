import { test } from '@playwright/test';
import { closeRedis, confirmDialog, DEMO_PASSWORD, describeFlat, expect, logIn } from './support';

test.afterAll(closeRedis);

test('an administrator enters the loan of an asset, revalues the book and follows the alerts it raised', async ({ page }) => {
  await logIn(page, 'user', 'demoadmin', DEMO_PASSWORD);
  await describeFlat(page, { community: '春晓花园', area: '88', floor: '9', totalFloors: '24' });
  await page.getByRole('button', { name: '自动估售价' }).click();
  await expect(page).toHaveURL(/\/org\/valreport\?evalCode=EV\d+/);
  const evalCode = new URL(page.url()).searchParams.get('evalCode')!;

  await page.getByRole('navigation').getByText('估价记录').click();
  const recordRow = page.getByRole('row', { name: new RegExp(evalCode) });
  await recordRow.getByRole('button', { name: '加入资产' }).click();
  await expect(page.getByText('加入资产成功！')).toBeVisible();

  // A loan far above the flat's value: its LTV and its fall since origination both break the rule.
  const loanNo = `E2E-${Date.now()}`;
  await page.getByRole('navigation').getByText('资产管理').click();
  const assetRow = page.getByRole('row', { name: new RegExp(evalCode) });
  await assetRow.getByRole('button', { name: '贷款信息' }).click();
  const dialog = page.getByRole('dialog', { name: '贷款信息' });
  await dialog.getByRole('textbox', { name: '贷款编号' }).fill(loanNo);
  await dialog.getByRole('textbox', { name: '贷款余额' }).fill('-5');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请输入正确的贷款余额（万元，大于0）').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: '贷款余额' }).fill('9000');
  await dialog.getByRole('textbox', { name: '放款时估值' }).fill('12000');
  await dialog.getByRole('textbox', { name: '放款日期' }).fill('2023/05/20');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('贷款信息保存成功！')).toBeVisible();
  await expect(assetRow.getByText(new RegExp(loanNo))).toBeVisible();

  await page.goto('/org/collateral');
  await page.getByRole('button', { name: '立即重估' }).click();
  await confirmDialog(page, /重新估价全部资产/, '发起重估');
  await expect(page.getByText(/重估任务已创建：共\d+项资产/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '已完成' }).first()).toBeVisible({ timeout: 60_000 });

  await page.goto('/org/collateralAlerts');
  await page.getByRole('textbox', { name: '贷款编号' }).fill(loanNo);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(new RegExp(`loanNo=${loanNo}`));
  const alerts = page.getByRole('row').filter({ hasText: loanNo });
  await expect(alerts).toHaveCount(2);
  await expect(alerts.filter({ hasText: '抵押率超限' })).toHaveCount(1);
  await expect(alerts.filter({ hasText: '较放款时下跌' })).toHaveCount(1);

  await alerts.first().getByRole('link', { name: '重估明细' }).click();
  await expect(page).toHaveURL(/\/org\/collateralRun\/\d+/);
  const items = page.getByRole('table', { name: '资产明细' });
  await expect(items.getByRole('row').filter({ hasText: loanNo })).toContainText('抵押率超限');
});
