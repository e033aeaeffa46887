import { test } from '@playwright/test';
import { assignRole, closeRedis, DEMO_PASSWORD, expect, logIn, logInAgain, sidebarLinks } from './support';

test.afterAll(closeRedis);

const BRANCH = '东城测试支行';
const ROLE = '估价查看员';
const ACCOUNT = 'dongcheng01';

test('an organisation administrator adds a sub-organisation, a role with two pages and an account holding it, who then sees only those pages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'user', 'demoadmin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/org\/quickval$/);

  // A sub-organisation under the company, renamed.
  await page.goto('/org/organization');
  await page.getByRole('button', { name: '在北京示范银行下新增机构' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page.getByText('机构信息：新建机构')).toBeVisible();
  await page.getByRole('button', { name: '重命名新建机构' }).click();
  const rename = page.getByRole('dialog', { name: '重命名机构' });
  await rename.getByRole('textbox', { name: '机构名称' }).fill(BRANCH);
  await rename.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('重命名成功')).toBeVisible();
  await expect(rename).toBeHidden();
  await expect(page.getByRole('button', { name: BRANCH, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '重命名新建机构' })).toHaveCount(0);

  // A role with two page permissions: valuation records and batch valuation.
  await page.goto('/org/roleManage');
  await page.getByRole('link', { name: '新增角色' }).click();
  await expect(page).toHaveURL(/\/org\/editRole\/add$/);
  await expect(page.getByRole('heading', { name: '角色管理 · 新增角色' })).toBeVisible();
  await page.getByRole('textbox', { name: '角色名称' }).fill(ROLE);
  for (const pageName of ['估价记录', '批量估价']) {
    await page.getByRole('group', { name: pageName, exact: true }).getByRole('checkbox', { name: pageName, exact: true }).check();
  }
  await expect(page.getByRole('group', { name: '批量估价', exact: true }).getByRole('checkbox', { name: '新建批量任务' })).toBeChecked();
  await expect(
    page.getByRole('group', { name: '快速估价', exact: true }).getByRole('checkbox', { name: '快速估价', exact: true }),
  ).not.toBeChecked();
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await expect(page.getByText('角色新增成功！')).toBeVisible();
  await expect(page).toHaveURL(/\/org\/roleManage/);
  await expect(page.getByRole('row', { name: new RegExp(ROLE) })).toBeVisible();

  // An account in the new sub-organisation, saved and sent on to its role assignment.
  await page.goto('/org/accountManage');
  await page.getByRole('button', { name: '新增账号' }).click();
  const form = page.getByRole('dialog', { name: '新增账号' });
  await form.getByRole('textbox', { name: '机构' }).click();
  await page.getByRole('option', { name: new RegExp(BRANCH) }).click();
  await form.getByRole('textbox', { name: '账号' }).fill(ACCOUNT);
  await form.getByLabel(/^密码/).fill(DEMO_PASSWORD);
  await form.getByLabel(/^确认密码/).fill(DEMO_PASSWORD);
  await form.getByRole('textbox', { name: '姓名' }).fill('东城估价员');
  await form.getByRole('button', { name: '保存并分配角色' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page).toHaveURL(/\/org\/assignRole\/\d+$/);
  await expect(page.getByText(`账号：${ACCOUNT}`)).toBeVisible();
  await assignRole(page, ROLE, /\/org\/accountManage/);
  const row = page.getByRole('row', { name: new RegExp(ACCOUNT) });
  await expect(row).toContainText(BRANCH);
  await expect(row).toContainText(ROLE);

  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The new account sees its two pages and the personal page, nothing else.
  await logInAgain(page, 'user', ACCOUNT, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/org\/quickval$/);
  await expect(page.getByRole('banner').getByText('东城估价员')).toBeVisible();
  await expect(sidebarLinks(page)).toHaveText(['个人中心', '估价记录', '批量估价']);
  await expect(page.getByRole('navigation', { name: '主菜单' }).getByRole('button')).toHaveCount(0);

  await sidebarLinks(page).getByText('批量估价').click();
  await expect(page).toHaveURL(/\/org\/batchValuation$/);
  await expect(page.getByRole('table', { name: '批量估价' })).toBeVisible();
  await expect(page.getByText('无访问权限')).toHaveCount(0);
  await sidebarLinks(page).getByText('估价记录').click();
  await expect(page).toHaveURL(/\/org\/valuationRecord$/);
  await expect(page.getByRole('table', { name: '估价记录' })).toBeVisible();
  await expect(page.getByText('无访问权限')).toHaveCount(0);

  // A page the role does not grant is not shown.
  await page.goto('/org/roleManage');
  await expect(page.getByText('无访问权限')).toBeVisible();
  await expect(page.getByRole('link', { name: '新增角色' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
});
