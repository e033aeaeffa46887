import { test } from '@playwright/test';
import { assignRole, closeRedis, confirmDialog, DEMO_PASSWORD, expect, logIn, logInAgain, sidebarLinks } from './support';

test.afterAll(closeRedis);

const CATEGORY = '城市商业银行';
const COMPANY = '滨海测试商业银行';
const ROLE = '客户估价员';
const ACCOUNT = 'binhai01';
const ACCOUNT_NAME = '滨海估价员';

/** Today in the business zone (Asia/Shanghai), as the operation log shows dates. */
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

test('a channel administrator sets up a customer company with an account that values, disables it, and reads the log', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await logIn(page, 'tenant', 'channeladmin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/channel\/channelPersonal$/);

  // A customer category.
  await page.goto('/channel/customerCategory');
  await page.getByRole('button', { name: '新增类别' }).click();
  const categoryForm = page.getByRole('dialog', { name: '新增客户类别' });
  await categoryForm.getByRole('textbox', { name: '类别名称' }).fill(CATEGORY);
  await categoryForm.getByRole('textbox', { name: '备注' }).fill('端到端测试的客户类别');
  await categoryForm.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(categoryForm).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(CATEGORY) })).toBeVisible();

  // A customer company of that category, without a licence.
  await page.goto('/channel/customerCompany');
  await page.getByRole('button', { name: '新增客户公司' }).click();
  const companyForm = page.getByRole('dialog', { name: '新增客户公司' });
  await companyForm.getByRole('textbox', { name: '公司名称' }).fill(COMPANY);
  await companyForm.getByRole('textbox', { name: '客户类别' }).click();
  await page.getByRole('option', { name: CATEGORY, exact: true }).click();
  await companyForm.getByRole('textbox', { name: '联系人' }).fill('王经理');
  await companyForm.getByRole('textbox', { name: '联系电话' }).fill('13800001111');
  await companyForm.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(companyForm).toBeHidden();
  const companyRow = page.getByRole('row', { name: new RegExp(COMPANY) });
  await expect(companyRow).toContainText(CATEGORY);

  // A customer role with quick valuation (sale prices only) and the valuation records.
  await page.goto('/channel/customerRole');
  await page.getByRole('link', { name: '新增角色' }).click();
  await expect(page).toHaveURL(/\/channel\/customerEditRole\/add$/);
  await expect(page.getByRole('heading', { name: '客户角色 · 新增角色' })).toBeVisible();
  await page.getByRole('textbox', { name: '角色名称' }).fill(ROLE);
  const quick = page.getByRole('group', { name: '快速估价', exact: true });
  await quick.getByRole('checkbox', { name: '自动售价估价' }).check();
  await expect(quick.getByRole('checkbox', { name: '快速估价', exact: true })).toBeChecked({ indeterminate: true });
  await expect(quick.getByRole('checkbox', { name: '自动租金估价' })).not.toBeChecked();
  await page.getByRole('group', { name: '估价记录', exact: true }).getByRole('checkbox', { name: '估价记录', exact: true }).check();
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await expect(page.getByText('角色新增成功！')).toBeVisible();
  await expect(page).toHaveURL(/\/channel\/customerRole/);
  await expect(page.getByRole('row', { name: new RegExp(ROLE) })).toBeVisible();

  // An enterprise account of the company, given the role.
  await page.goto('/channel/customerAccount');
  await page.getByRole('button', { name: '新增账号' }).click();
  const accountForm = page.getByRole('dialog', { name: '新增客户账号' });
  await accountForm.getByRole('textbox', { name: '客户公司' }).click();
  await page.getByRole('option', { name: COMPANY, exact: true }).click();
  await accountForm.getByRole('radio', { name: '企业' }).check({ force: true });
  await accountForm.getByRole('textbox', { name: '账号' }).fill(ACCOUNT);
  await accountForm.getByLabel(/^密码/).fill(DEMO_PASSWORD);
  await accountForm.getByLabel(/^确认密码/).fill(DEMO_PASSWORD);
  await accountForm.getByRole('textbox', { name: '姓名' }).fill(ACCOUNT_NAME);
  await accountForm.getByRole('button', { name: '保存并分配角色' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page).toHaveURL(/\/channel\/customerAssignRole\/\d+$/);
  await expect(page.getByText(`账号：${ACCOUNT}`)).toBeVisible();
  await assignRole(page, ROLE, /\/channel\/customerAccount/);
  const accountRow = page.getByRole('row', { name: new RegExp(ACCOUNT) });
  await expect(accountRow).toContainText(ROLE);
  await expect(accountRow.getByRole('cell', { name: '启用', exact: true })).toBeVisible();

  // The customer logs in on the user side, in a browser of its own, and reaches quick valuation.
  const customerContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  try {
    const customer = await customerContext.newPage();
    await logIn(customer, 'user', ACCOUNT, DEMO_PASSWORD);
    await expect(customer).toHaveURL(/\/org\/quickval$/);
    await expect(customer.getByRole('dialog', { name: '选择城市' })).toBeVisible();
    await customer.keyboard.press('Escape');
    await expect(customer.getByRole('banner').getByText(ACCOUNT_NAME)).toBeVisible();
    await expect(sidebarLinks(customer)).toHaveText(['个人中心', '快速估价', '估价记录']);

    // The channel disables the account; the customer's session ends with it.
    await accountRow.getByRole('button', { name: '禁用' }).click();
    await confirmDialog(page, '禁用后该账号将不能再登录', '禁用');
    await expect(page.getByText('禁用成功')).toBeVisible();
    await expect(accountRow.getByRole('cell', { name: '禁用', exact: true })).toBeVisible();
    await expect(accountRow.getByRole('button', { name: '启用' })).toBeVisible();

    await sidebarLinks(customer).getByText('估价记录').click();
    await expect(customer).toHaveURL(/\/login\?redirect=/);
    // Logging in again is refused.
    await logInAgain(customer, 'user', ACCOUNT, DEMO_PASSWORD);
    await expect(customer.getByText('账号已被禁用，请联系管理员')).toBeVisible();
    await expect(customer).toHaveURL(/\/login/);
  } finally {
    await customerContext.close();
  }

  // The operation log lists today's actions.
  await page.goto('/channel/systemLog');
  const day = today();
  const categoryLog = page.getByRole('row').filter({ hasText: `新增客户类别：${CATEGORY}` });
  await expect(categoryLog).toHaveCount(1);
  await expect(categoryLog).toContainText(day);
  await expect(categoryLog).toContainText('channeladmin');
  const disableLog = page.getByRole('row').filter({ hasText: `禁用客户账号：${ACCOUNT}` });
  await expect(disableLog).toHaveCount(1);
  await expect(disableLog).toContainText(day);
  for (const action of [`新增客户公司：${COMPANY}`, `新增客户角色：${ROLE}`, `新增客户账号：${ACCOUNT}`, `客户账号分配角色：${ACCOUNT}`]) {
    await expect(page.getByRole('row').filter({ hasText: action })).toHaveCount(1);
  }
});
