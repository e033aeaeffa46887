import { test } from '@playwright/test';
import { closeRedis, confirmDialog, DEMO_PASSWORD, describeFlat, expect, logIn } from './support';

test.afterAll(closeRedis);

test('a pending manual enquiry shows what was sent in 详情 and 撤回 withdraws it', async ({ page }) => {
  await logIn(page, 'user', 'demouser', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/org\/quickval$/);
  await describeFlat(page, { community: '春晓花园', area: '88', floor: '3', totalFloors: '6' });
  await page.getByRole('button', { name: '人工询价' }).first().click();
  const enquiry = page.getByRole('dialog', { name: '人工询价' });
  await enquiry.getByRole('button', { name: '提交' }).click();
  await expect(enquiry.getByText('请选择询价原因')).toBeVisible();
  await enquiry.getByRole('radio', { name: '其他' }).check();
  await enquiry.getByRole('button', { name: '提交' }).click();
  await expect(enquiry.getByText('请输入其他原因', { exact: true })).toBeVisible();
  await enquiry.getByRole('textbox', { name: '其他原因' }).fill('楼栋信息与证载不符');
  await enquiry.getByRole('textbox', { name: '备注' }).fill('撤回演示：请核实');
  await enquiry.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('提交成功')).toBeVisible();

  await page.goto('/org/manualEnquiry');
  const row = page.getByRole('row', { name: /春晓花园/ }).first();
  // The list's first page can take well over 10 s to show on a loaded machine.
  await expect(row.getByText('待估价')).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '询价详情' });
  await expect(detail.getByText('春晓花园').first()).toBeVisible();
  await expect(detail.getByText('其他（楼栋信息与证载不符）')).toBeVisible();
  await expect(detail.getByText('撤回演示：请核实')).toBeVisible();
  await expect(detail.getByText('无附件')).toBeVisible();
  await detail.getByRole('button', { name: '撤回' }).click();
  await confirmDialog(page, '撤回后估价师将不再处理该询价，确定撤回吗？', '撤回');
  await expect(page.getByText('撤回成功')).toBeVisible();
  await expect(detail).toBeHidden();
  await expect(row.getByText('已撤回')).toBeVisible();

  // A withdrawn enquiry still shows what was sent, without 撤回.
  await row.getByRole('button', { name: '详情' }).click();
  await expect(detail.getByText('撤回演示：请核实')).toBeVisible();
  await expect(detail.getByRole('button', { name: '撤回' })).toHaveCount(0);
});

test('the city picker lists the opened cities first, can be dismissed, and says 未开通该城市 for an uncovered city', async ({ page }) => {
  await logIn(page, 'user', 'demouser', DEMO_PASSWORD);
  const picker = page.getByRole('dialog', { name: '选择城市' });
  // The picker opens once the browser's location has failed (up to its 6 s timeout).
  await expect(picker).toBeVisible({ timeout: 30_000 });
  await expect(picker.getByTestId('opened-cities').getByRole('button', { name: '北京', exact: true })).toBeVisible();
  await expect(picker.getByText(/^(已开通城市|常用城市|全部城市)$/).first()).toHaveText('已开通城市');
  await expect(picker.getByText('定位失败', { exact: true })).toHaveCount(0);

  await picker.getByRole('button', { name: '关闭' }).click();
  await expect(picker).toBeHidden();
  // Nothing is left blocking the page: the user can move on elsewhere or come back to the city later.
  await expect(page.getByRole('button', { name: '选择城市' })).toHaveText(/选择城市/);
  await expect(page.getByRole('link', { name: '估价记录' })).toBeVisible();

  await page.getByRole('button', { name: '选择城市' }).click();
  await picker.getByRole('textbox', { name: '城市名称或拼音' }).fill('拉萨');
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('未开通该城市')).toBeVisible();
  // The picker has closed (its own 确定 is gone) before the address is confirmed.
  await expect(picker).toBeHidden();
  await page.getByRole('textbox', { name: '小区名称或地址' }).fill('布达拉宫小区');
  await page.getByRole('button', { name: '确定', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: '提示' });
  await expect(prompt.getByText(/未开通该城市/)).toBeVisible();
  await expect(prompt.getByText('未获取到相关小区信息！')).toHaveCount(0);
});

test('the map page opened directly offers the city picker', async ({ page }) => {
  await logIn(page, 'user', 'demouser', DEMO_PASSWORD);
  await page.getByRole('dialog', { name: '选择城市' }).getByRole('button', { name: '关闭' }).click();
  await page.goto('/org/maps');
  await expect(page.getByText('未获取到城市信息，请刷新重新定位或选择城市！')).toBeVisible();
  await page.getByRole('button', { name: '选择城市' }).click();
  const picker = page.getByRole('dialog', { name: '选择城市' });
  await picker.getByTestId('opened-cities').getByRole('button', { name: '北京', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: '选择城市' })).toHaveText(/北京/);
  await expect(page.getByText('未获取到城市信息，请刷新重新定位或选择城市！')).toBeHidden();
  await page.getByRole('textbox', { name: '小区/地址' }).fill('春晓');
  await expect(page.getByRole('option', { name: /春晓花园/ }).first()).toBeVisible();
});
