import { test, type Page } from '@playwright/test';
import { closeRedis, DEMO_PASSWORD, describeFlat, expect, logIn } from './support';

test.afterAll(closeRedis);

const menu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });

/** On 系统设置 › 字段设置: sets whether 业务类型 is required, applies, and checks the saved setting after a reload. */
async function setBusinessTypeRequired(page: Page, required: boolean) {
  const link = menu(page).getByRole('link', { name: '字段设置' });
  // The 系统设置 group stays open once opened.
  if (!(await link.isVisible())) await menu(page).getByText('系统设置', { exact: true }).click();
  await link.click();
  await expect(page).toHaveURL(/\/org\/Fieldsettings$/);
  const table = page.getByRole('table', { name: '字段设置' });
  const toggle = table.getByRole('switch', { name: '业务类型是否必填' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked({ checked: !required });
  await toggle.setChecked(required, { force: true });
  await page.getByRole('button', { name: '应用', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: '字段设置' }).getByRole('switch', { name: '业务类型是否必填' })).toBeChecked({
    checked: required,
  });
}

test('an administrator makes 业务类型 required, quick valuation then asks for it, and it is made optional again', async ({ page }) => {
  await logIn(page, 'user', 'demoadmin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/org\/quickval$/);
  // Quick valuation opens its city picker while no city is chosen; it is closed to reach the menu.
  const picker = page.getByRole('dialog', { name: '选择城市' });
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await setBusinessTypeRequired(page, true);

  await menu(page).getByRole('link', { name: '快速估价' }).click();
  await expect(page).toHaveURL(/\/org\/(quickval|qvindex)$/);
  await describeFlat(page, { community: '春晓花园', area: '89.5', floor: '5', totalFloors: '18' });
  const businessType = page.getByRole('textbox', { name: '业务类型' });
  await expect(businessType).toHaveValue('');
  await page.getByRole('button', { name: '自动估售价' }).click();
  await expect(page.getByText('请选择业务类型')).toBeVisible();
  await expect(page).toHaveURL(/\/org\/quickval$/);

  await setBusinessTypeRequired(page, false);
});
