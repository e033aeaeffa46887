import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { closeRedis, DEMO_PASSWORD, describeFlat, expect, logIn } from './support';

test.afterAll(closeRedis);

function file(name: string, content: Buffer): string {
  const at = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-agency-')), name);
  fs.writeFileSync(at, content);
  return at;
}
const PDF = Buffer.from('%PDF-1.4\n% 评估报告\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The 处理记录 section of a detail page. */
const historyOf = (page: Page) => page.locator('.mantine-Paper-root').filter({ has: page.getByRole('heading', { name: '处理记录' }) });

test('a formal institution valuation is ordered, received and answered by the channel, its history shown on both sides, and its report downloaded by the organisation', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const user = await (await browser.newContext()).newPage();
  const channel = await (await browser.newContext()).newPage();
  const admin = await (await browser.newContext()).newPage();

  await logIn(user, 'user', 'demouser', DEMO_PASSWORD);
  await expect(user).toHaveURL(/\/org\/quickval$/);
  await describeFlat(user, { community: '春晓花园', area: '89.5', floor: '5', totalFloors: '18' });
  await user.getByRole('button', { name: '机构估价' }).click();
  const order = user.getByRole('dialog', { name: '机构估价' });
  await order.getByLabel('客户姓名').fill('赵客户');
  await order.getByLabel('联系电话').fill('13800138000');
  const chooser = user.waitForEvent('filechooser');
  await order.getByRole('button', { name: '选择文件' }).click();
  await (await chooser).setFiles(file('产权证明.pdf', PDF));
  await expect(order.getByText('产权证明.pdf')).toBeVisible();
  await order.getByRole('button', { name: '提交' }).click();
  await expect(user.getByText('提交成功')).toBeVisible();
  // The confirmation links to the request just sent.
  await user.getByRole('link', { name: '查看申请' }).click();
  await expect(user).toHaveURL(/\/org\/propertydetails\?detailID=\d+/);
  await expect(user.getByText('赵客户').first()).toBeVisible();

  await logIn(channel, 'tenant', 'channeladmin', DEMO_PASSWORD, '/channelLogin');
  await expect(channel).toHaveURL(/\/channel\//);
  await channel.goto('/channel/assessmentlist');
  const row = channel.getByRole('row', { name: /赵客户/ }).first();
  await row.getByRole('button', { name: '详情' }).click();
  await expect(channel).toHaveURL(/assessmentdetail\?detailID=\d+/);
  await expect(channel.getByRole('button', { name: '产权证明.pdf' })).toBeVisible();
  await expect(historyOf(channel).getByText('正式报告；附件：产权证明.pdf')).toBeVisible();
  await expect(historyOf(channel).getByText(/演示用户（申请方）/)).toBeVisible();
  await channel.getByRole('button', { name: '接收', exact: true }).click();
  await expect(channel.getByRole('alert', { name: '请修改以下内容' })).toContainText('请输入接收人姓名');
  await channel.getByLabel('接收人姓名').fill('钱估价');
  await channel.getByLabel('接收人电话').fill('13700137000');
  await channel.getByRole('button', { name: '接收', exact: true }).click();
  await channel.getByLabel('评估总价（万元）').fill('325');
  await channel.getByLabel('评估单价（元/㎡）').fill('36312.85');
  const reportChooser = channel.waitForEvent('filechooser');
  await channel.getByRole('button', { name: '选择文件' }).click();
  await (await reportChooser).setFiles(file('评估报告.pdf', PDF));
  await channel.getByRole('button', { name: '提交评估结果' }).click();
  await expect(channel.getByRole('button', { name: '评估报告.pdf' })).toBeVisible();
  await expect(channel.getByText('评估完成').first()).toBeVisible();
  const channelHistory = historyOf(channel);
  await expect(channelHistory.locator('.mantine-Timeline-itemTitle')).toHaveText(['提交申请', '已读', '接收', '回复评估结果']);
  await expect(channelHistory.getByText('接收人：钱估价，电话：13700137000')).toBeVisible();
  await expect(channelHistory.getByText(/评估总价：325万元/)).toBeVisible();
  await expect(channelHistory.getByText(/渠道管理员（渠道）/)).toHaveCount(3);

  await logIn(admin, 'user', 'demoadmin', DEMO_PASSWORD);
  await expect(admin).toHaveURL(/\/org\//);
  await admin.goto('/org/agencyValuation');
  const done = admin.getByRole('row', { name: /赵客户/ }).first();
  await expect(done.getByText('评估完成')).toBeVisible();
  await done.getByRole('button', { name: '详情' }).click();
  await expect(admin).toHaveURL(/propertydetails\?detailID=\d+/);
  // The reply in yuan reads in 万元, as on every other screen.
  await expect(admin.getByText('325万元', { exact: true })).toBeVisible();
  const adminHistory = historyOf(admin);
  await expect(adminHistory.locator('.mantine-Timeline-itemTitle')).toHaveText(['提交申请', '已读', '接收', '回复评估结果', '已读']);
  await expect(adminHistory.getByText(/演示用户（申请方）/)).toBeVisible();
  await expect(adminHistory.getByText(/演示管理员（申请方）/)).toBeVisible();
  await expect(adminHistory.getByText('接收人：钱估价，电话：13700137000')).toBeVisible();
  await expect(adminHistory.getByText(/报告：评估报告\.pdf/)).toBeVisible();
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: '评估报告.pdf' }).click();
  const saved = await (await download).path();
  expect(fs.readFileSync(saved!).equals(PDF)).toBe(true);
});
