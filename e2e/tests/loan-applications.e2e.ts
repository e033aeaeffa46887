import { test } from '@playwright/test';
import { closeRedis, DEMO_PASSWORD, describeFlat, expect, logIn } from './support';

test.afterAll(closeRedis);

test('an application secured by a valuation is filed, approved with a loan number, and its collateral joins the asset book with that loan', async ({
  page,
}) => {
  await logIn(page, 'user', 'demoadmin', DEMO_PASSWORD);
  await describeFlat(page, { community: '春晓花园', area: '92', floor: '7', totalFloors: '20' });
  await page.getByRole('button', { name: '自动估售价' }).click();
  await expect(page).toHaveURL(/\/org\/valreport\?evalCode=EV\d+/);
  const evalCode = new URL(page.url()).searchParams.get('evalCode')!;

  await page.goto('/org/LoanApplyFor');
  await expect(page).toHaveURL(/\/org\/LoanApplyFor/);
  const applyNo = `SQ${Date.now() % 100_000_000}`;
  await page.getByRole('button', { name: '新增贷款申请' }).click();
  const form = page.getByRole('dialog', { name: '新增贷款申请' });
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请输入申请编号').first()).toBeVisible();
  await form.getByRole('textbox', { name: '申请编号' }).fill(applyNo);
  await form.getByRole('textbox', { name: '借款人' }).fill('赵敏');
  await form.getByRole('textbox', { name: '申请金额' }).fill('150');
  await form.getByRole('textbox', { name: '期限' }).fill('240');
  await form.getByRole('textbox', { name: '押品（估价记录）' }).fill(evalCode);
  await page
    .getByRole('option', { name: new RegExp(evalCode) })
    .first()
    .click();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('贷款申请新增成功！')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: applyNo });
  await expect(row).toContainText('待审批');
  await expect(row).toContainText('150.00万元');
  await expect(row).toContainText('询价报告');

  const loanNo = `DK-${applyNo}`;
  await row.getByRole('button', { name: '审批' }).click();
  const decision = page.getByRole('dialog', { name: '审批贷款申请' });
  await decision.getByRole('textbox', { name: '批准金额' }).fill('999');
  await decision.getByRole('button', { name: '提交' }).click();
  await expect(decision.getByText(/不能超过申请金额/).first()).toBeVisible();
  await decision.getByRole('textbox', { name: '批准金额' }).fill('140');
  await decision.getByRole('textbox', { name: '贷款编号' }).fill(loanNo);
  await decision.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('已批准该贷款申请')).toBeVisible();
  await expect(row).toContainText('已批准');
  await expect(row.getByRole('button', { name: '审批' })).toHaveCount(0);

  await row.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: '贷款申请详情' });
  await expect(drawer).toContainText(evalCode);
  await expect(drawer.getByText('提交申请')).toBeVisible();
  await expect(drawer).toContainText(loanNo);
  await page.keyboard.press('Escape');

  await page.getByRole('navigation').getByText('资产管理').click();
  const asset = page.getByRole('row', { name: new RegExp(evalCode) });
  await expect(asset).toContainText(loanNo);
  await expect(asset).toContainText('140.00万元');
});
