import { test } from '@playwright/test';
import { closeRedis, confirmDialog, DEMO_PASSWORD, describeFlat, expect, logIn } from './support';

test.afterAll(closeRedis);

test('an administrator values a flat, adds it to the assets, types it and follows its history', async ({ page }) => {
  await logIn(page, 'user', 'demoadmin', DEMO_PASSWORD);
  await describeFlat(page, { community: '春晓花园', area: '92', floor: '7', totalFloors: '18' });
  await page.getByRole('button', { name: '自动估售价' }).click();
  await expect(page).toHaveURL(/\/org\/valreport\?evalCode=EV\d+/);
  const evalCode = new URL(page.url()).searchParams.get('evalCode')!;

  // From the valuation records: 加入资产, after which the action is gone for the row.
  await page.getByRole('navigation').getByText('估价记录').click();
  const recordRow = page.getByRole('row', { name: new RegExp(evalCode) });
  await expect(recordRow).toBeVisible();
  await recordRow.getByRole('button', { name: '加入资产' }).click();
  await expect(page.getByText('加入资产成功！')).toBeVisible();
  await expect(recordRow.getByRole('button', { name: '加入资产' })).toHaveCount(0);

  // An asset type, with the spec's required-name message first.
  await page.goto('/org/assetType');
  await expect(page).toHaveURL(/\/org\/assetType/);
  await page.getByRole('button', { name: '新增资产类型' }).click();
  const dialog = page.getByRole('dialog', { name: '新增资产类型' });
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog.getByText('资产类型名称不能为空！').first()).toBeVisible();
  await dialog.getByLabel('资产类型名称').fill('住宅抵押');
  await dialog.getByLabel('备注').fill('个人住房抵押贷款');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('资产类型新增成功！')).toBeVisible();
  await expect(page.getByRole('row', { name: /住宅抵押/ })).toBeVisible();

  // The asset list: assign the type, then value the flat again and see both valuations in the history.
  await page.getByRole('navigation').getByText('资产管理').click();
  await expect(page).toHaveURL(/\/org\/manage/);
  const assetRow = page.getByRole('row', { name: new RegExp(evalCode) });
  await expect(assetRow).toBeVisible();
  await expect(assetRow.getByText('无类型')).toBeVisible();
  await assetRow.getByRole('button', { name: '设置类型' }).click();
  const typeModal = page.getByRole('dialog', { name: '设置资产类型' });
  await typeModal.getByRole('textbox', { name: '资产类型' }).click();
  await page.getByRole('option', { name: '住宅抵押' }).click();
  await typeModal.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('资产类型设置成功！')).toBeVisible();
  await expect(assetRow.getByText('住宅抵押')).toBeVisible();
  await expect(page.getByText('售价合计')).toBeVisible();

  await page.goto(`/org/valreport?evalCode=${evalCode}`);
  await page.getByRole('button', { name: '重新估价' }).click();
  await expect(page.getByText('重新估价成功！')).toBeVisible();
  const revalued = new URL(page.url()).searchParams.get('evalCode')!;

  await page.getByRole('navigation').getByText('资产管理').click();
  const followed = page.getByRole('row', { name: new RegExp(revalued) });
  await expect(followed).toBeVisible();
  await followed.getByRole('button', { name: '估价历史' }).click();
  await expect(page.getByText('估价历史（共 2 条）')).toBeVisible();
  await expect(page.getByRole('cell', { name: evalCode, exact: true })).toBeVisible();

  // Filtering by the type keeps the asset; the other filter value (无类型) does not.
  await page.getByRole('textbox', { name: '资产类型' }).click();
  await page.getByRole('option', { name: '无类型' }).click();
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByText('暂无数据')).toBeVisible();
  await expect(page.getByRole('button', { name: '设置类型' })).toHaveCount(0);
  await page.reload();
  await expect(page).toHaveURL(/assetType=none/);

  // Deleting the type leaves the asset untyped.
  await page.goto('/org/assetType');
  await page
    .getByRole('row', { name: /住宅抵押/ })
    .getByRole('button', { name: '删除' })
    .click();
  await confirmDialog(page, '您确认删除该资产类型吗？删除后对应设置的资产将为无类型状态!', '删除');
  await expect(page.getByText('资产类型删除成功！')).toBeVisible();
  await page.getByRole('navigation').getByText('资产管理').click();
  await expect(page.getByRole('row', { name: new RegExp(revalued) })).toBeVisible();
});
