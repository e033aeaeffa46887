import { test, type Page } from '@playwright/test';
import { closeRedis, confirmDialog, DEMO_PASSWORD, describeFlat, expect, logIn } from './support';

test.afterAll(closeRedis);

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the administrator sets a Beijing coefficient for 按揭贷款 and a new valuation of that business shows it applied', async ({
  page,
}) => {
  await logIn(page, 'user', 'demoadmin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/org\//);
  await page.goto('/org/riskCoefficient');
  await expect(page.getByRole('heading', { name: '风控系数' })).toBeVisible();

  await page.getByRole('button', { name: '新增风控系数' }).click();
  const dialog = page.getByRole('dialog', { name: '新增风控系数' });
  await expect(dialog.getByRole('textbox', { name: '风控系数' })).toHaveValue('1.00');
  await dialog.getByRole('button', { name: '增加风控系数' }).click();
  await expect(dialog.getByText('风险系数最大值为1！')).toBeVisible();
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog.getByText('请选择省份！').first()).toBeVisible();

  await choose(page, dialog, '省份', '北京市');
  await choose(page, dialog, '城市', '北京市');
  await dialog.getByRole('textbox', { name: '业务' }).click();
  await page.getByRole('option', { name: '按揭贷款' }).click();
  await dialog.getByRole('textbox', { name: '风控系数' }).fill('0.85');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('风险系数新增成功！')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: '按揭贷款' });
  await expect(row).toContainText('0.85');
  await expect(row).toContainText('全部');

  // The same region again: the dialog asks before replacing it, and the list keeps one row.
  await page.getByRole('button', { name: '新增风控系数' }).click();
  await choose(page, dialog, '省份', '北京市');
  await choose(page, dialog, '城市', '北京市');
  await dialog.getByRole('textbox', { name: '业务' }).click();
  await page.getByRole('option', { name: '按揭贷款' }).click();
  await dialog.getByRole('textbox', { name: '风控系数' }).fill('0.8');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await confirmDialog(page, '该地区已添加风控系数，您确定要替换吗？', '替换');
  await expect(page.getByText('风险系数新增成功！').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '按揭贷款' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: '按揭贷款' })).toContainText('0.80');

  await page.goto('/org/quickval');
  await describeFlat(page, { community: '春晓花园', area: '89.5', floor: '5', totalFloors: '18' });
  await page.getByRole('textbox', { name: '业务类型' }).click();
  await page.getByRole('option', { name: '按揭贷款' }).click();
  await page.getByRole('button', { name: '自动估售价' }).click();
  await expect(page).toHaveURL(/\/org\/valreport\?evalCode=EV\d+/);
  await expect(page.getByText('风险调整后价值：')).toBeVisible();
  await expect(page.getByTestId('applied-risk-coefficient')).toHaveText('适用风控系数：北京市 · 按揭贷款 · 0.80');
});
