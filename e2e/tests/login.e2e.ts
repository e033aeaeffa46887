import { test } from '@playwright/test';
import { captchaAnswer, closeRedis, DEMO_PASSWORD, expect, logIn, nextCaptcha, submitLogin } from './support';

test.afterAll(closeRedis);

test('an organisation administrator logs in, sees the sidebar, changes the e-mail and logs out', async ({ page }) => {
  await logIn(page, 'user', 'demoadmin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/org\/quickval$/);
  const cityPicker = page.getByRole('dialog', { name: '选择城市' });
  await expect(cityPicker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cityPicker).toBeHidden();
  const sidebar = page.getByRole('navigation');
  await sidebar.getByText('个人中心').click();
  await expect(page).toHaveURL(/\/org\/personal$/);
  await expect(page.getByRole('banner').getByText('演示管理员')).toBeVisible();
  await expect(page).toHaveTitle(/个人中心/);

  const email = page.getByLabel('邮箱');
  await expect(email).toHaveValue('demoadmin@bank.example.com');
  await email.fill('not-an-email');
  await page.getByRole('button', { name: '更新' }).click();
  await expect(page.getByText('请输入正确的邮箱')).toBeVisible();
  await email.fill('admin.new@bank.example.com');
  await page.getByRole('button', { name: '更新' }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('邮箱')).toHaveValue('admin.new@bank.example.com');

  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/org/personal');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('channel staff log in on channelLogin, change the e-mail and log out', async ({ page }) => {
  await logIn(page, 'tenant', 'channeladmin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/channel\/channelPersonal$/);
  await expect(page.getByRole('navigation').getByText('个人信息')).toBeVisible();
  await expect(page.getByRole('banner').getByText('渠道管理员')).toBeVisible();

  const email = page.getByLabel('邮箱');
  await email.fill('boss@channel.example.com');
  await page.getByRole('button', { name: '更新' }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('邮箱')).toHaveValue('boss@channel.example.com');

  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/channelLogin/);
});

test("a wrong password shows the server's message and a new captcha", async ({ page }) => {
  const first = nextCaptcha(page, 'user');
  await page.goto('/login');
  const identity = await first;
  const captchaImage = page.getByRole('img', { name: '验证码' });
  const before = await captchaImage.getAttribute('src');
  const second = nextCaptcha(page, 'user');
  await submitLogin(page, 'demouser', 'Wrong@12345', await captchaAnswer(identity));
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  const newIdentity = await second;
  expect(newIdentity).not.toBe(identity);
  await expect(captchaImage).not.toHaveAttribute('src', before ?? '');
  await expect(page).toHaveURL(/\/login/);
});

test('after logging in, the user returns to the page asked for', async ({ page }) => {
  const identity = nextCaptcha(page, 'user');
  await page.goto('/org/personal');
  await expect(page).toHaveURL(/\/login\?redirect=%2Forg%2Fpersonal/);
  await submitLogin(page, 'demouser', DEMO_PASSWORD, await captchaAnswer(await identity));
  await expect(page).toHaveURL(/\/org\/personal$/);
  await expect(page.getByRole('banner').getByText('演示用户')).toBeVisible();
});
