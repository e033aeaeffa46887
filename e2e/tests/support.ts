import { expect, type Page } from '@playwright/test';
import Redis from 'ioredis';

export const DEMO_PASSWORD = 'Demo@123456';
const prefix = process.env.E2E_REDIS_PREFIX ?? 'valuation-e2e';
let redis: Redis | null = null;

/** One connection per test file: each file closes it in afterAll, the next opens a new one. */
function connection(): Redis {
  redis ??= new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0', { lazyConnect: true });
  return redis;
}

/** The answer of the captcha the page is showing, read from Redis as a person would read the image. */
export async function captchaAnswer(identity: string): Promise<string> {
  const answer = await connection().get(`${prefix}:captcha:${identity}`);
  if (!answer) throw new Error(`no captcha answer for ${identity}`);
  return answer;
}

export function nextCaptcha(page: Page, population: 'user' | 'tenant') {
  const path = population === 'user' ? '/api/login/captcha' : '/api/tenant/captcha';
  return page
    .waitForResponse((r) => r.url().includes(path) && r.status() === 200)
    .then(async (r) => (await r.json()).data.identity as string);
}

export async function logIn(page: Page, population: 'user' | 'tenant', userName: string, password: string, loginPath?: string) {
  const identity = nextCaptcha(page, population);
  await page.goto(loginPath ?? (population === 'user' ? '/login' : '/channelLogin'));
  await submitLogin(page, userName, password, await captchaAnswer(await identity));
}

/**
 * On a login page the browser was sent to (after logging out or losing the session): waits for
 * its captcha, clicks it for a new one as a person would, and logs in.
 */
export async function logInAgain(page: Page, population: 'user' | 'tenant', userName: string, password: string) {
  const image = page.getByRole('img', { name: '验证码' });
  await expect(image).toBeVisible();
  const identity = nextCaptcha(page, population);
  await image.click();
  await submitLogin(page, userName, password, await captchaAnswer(await identity));
}

export async function submitLogin(page: Page, userName: string, password: string, captcha: string) {
  await page.getByLabel('用户名/手机号').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('验证码', { exact: true }).fill(captcha);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

export async function closeRedis() {
  redis?.disconnect();
  redis = null;
}

export { expect };

/**
 * On quick valuation right after logging in: picks Beijing in the city dialog, chooses the
 * community and fills area, floor and total floors.
 */
export async function describeFlat(page: Page, f: { community: string; area: string; floor: string; totalFloors: string }) {
  const picker = page.getByRole('dialog', { name: '选择城市' });
  await picker.getByRole('textbox', { name: '城市名称或拼音' }).fill('北京');
  await picker.getByRole('button', { name: '确定' }).click();
  await page.getByRole('textbox', { name: '小区名称或地址' }).fill(f.community);
  await page
    .getByRole('option', { name: new RegExp(f.community) })
    .first()
    .click();
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await page.getByLabel('面积').fill(f.area);
  await page.getByLabel('所在楼层').fill(f.floor);
  await page.getByLabel('总楼层').fill(f.totalFloors);
}

/** Answers the confirmation dialog (askConfirm) showing this question with the given button. */
export async function confirmDialog(page: Page, question: string | RegExp, button = '确定') {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * On an account's role assignment page (assignRole, customerAssignRole): ticks the role, saves,
 * confirms 是否确认分配的角色 and waits for the account list.
 */
export async function assignRole(page: Page, roleName: string, listPath: RegExp) {
  await page.getByRole('checkbox', { name: roleName, exact: true }).check();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await confirmDialog(page, '是否确认分配的角色');
  await expect(page.getByText('角色分配成功！')).toBeVisible();
  await expect(page).toHaveURL(listPath);
}

/** The titles of the sidebar's page links, in order. */
export function sidebarLinks(page: Page) {
  return page.getByRole('navigation', { name: '主菜单' }).getByRole('link');
}
