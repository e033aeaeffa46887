import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { closeRedis, DEMO_PASSWORD, describeFlat, expect, logIn } from './support';

test.afterAll(closeRedis);

/** A small PNG to attach (a 1×1 image). */
function attachment(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-case-')), '房产照片.png');
  fs.writeFileSync(
    file,
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  );
  return file;
}

/** The appraiser opens the newest open case of the community from the queue, claimed. */
async function claimFromQueue(page: Page) {
  await page.goto('/channel/appraisalQueue');
  const row = page.getByRole('row', { name: /春晓花园/ }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '领取' }).click();
  await expect(row.getByRole('button', { name: '领取' })).toHaveCount(0);
  await row.getByRole('link', { name: '处理' }).click();
  await expect(page).toHaveURL(/\/channel\/appraisalCase\/\d+/);
}

/** The header's bell with the number of answers the user has not opened (none: no number). */
const unreadBell = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('button', { name: count > 0 ? `未读答复 ${count} 条` : '未读答复', exact: true });

test('a manual enquiry is answered by an appraiser, read by the user, re-appraised and refused', async ({ browser }) => {
  test.setTimeout(180_000);
  const user = await (await browser.newContext()).newPage();
  const appraiser = await (await browser.newContext()).newPage();
  const supervisor = await (await browser.newContext()).newPage();

  await logIn(user, 'user', 'demouser', DEMO_PASSWORD);
  await expect(user).toHaveURL(/\/org\/quickval$/);
  await describeFlat(user, { community: '春晓花园', area: '96', floor: '4', totalFloors: '6' });
  await user.getByRole('button', { name: '人工询价' }).first().click();
  const enquiry = user.getByRole('dialog', { name: '人工询价' });
  await expect(enquiry).toBeVisible();
  const chooser = user.waitForEvent('filechooser');
  await enquiry.getByRole('button', { name: '选择文件' }).click();
  await (await chooser).setFiles(attachment());
  await expect(enquiry.getByText('房产照片.png')).toBeVisible();
  // No reason is chosen for the user: an empty click is refused.
  for (const reason of ['地址定位失败', '附近交易数据较少', '其他'])
    await expect(enquiry.getByRole('radio', { name: reason })).not.toBeChecked();
  await enquiry.getByRole('button', { name: '提交' }).click();
  await expect(enquiry.getByText('请选择询价原因')).toBeVisible();
  await enquiry.getByRole('radio', { name: '附近交易数据较少' }).check();
  await enquiry.getByRole('button', { name: '提交' }).click();
  await expect(user.getByText('提交成功')).toBeVisible();

  await logIn(appraiser, 'tenant', 'appraiser1', DEMO_PASSWORD, '/channelLogin');
  await expect(appraiser).toHaveURL(/\/channel\//);
  await claimFromQueue(appraiser);
  await expect(appraiser.getByText('房产照片.png')).toBeVisible();
  await appraiser.getByLabel('评估总价（万元）').fill('528');
  await appraiser.getByLabel('答复内容').fill('参考同小区近三个月成交，房屋状况良好。');
  await appraiser.getByRole('button', { name: '提交答复' }).click();
  await expect(appraiser.getByRole('button', { name: '提交答复' })).toHaveCount(0);

  await user.goto('/org/manualEnquiry');
  await expect(unreadBell(user, 1)).toBeVisible();
  const answered = user.getByRole('row', { name: /春晓花园/ }).first();
  await expect(answered.getByLabel('未读')).toBeVisible();
  await answered.getByRole('button', { name: '详情' }).click();
  await expect(user).toHaveURL(/manualInquiryReport\?id=\d+/);
  await expect(user.getByText('参考同小区近三个月成交，房屋状况良好。')).toBeVisible();
  await expect(user.getByText('528').first()).toBeVisible();
  const prices = user.getByRole('table', { name: '价格历史' });
  await expect(prices.getByRole('row', { name: /人工询价.*528万元/ })).toBeVisible();
  await expect(unreadBell(user, 0)).toBeVisible();

  await user.getByRole('button', { name: '生成咨询报告' }).click();
  await user.getByRole('dialog', { name: '生成咨询报告' }).getByRole('button', { name: '确定生成' }).click();
  await expect(user).toHaveURL(/\/org\/manualAdvisoryReport\/\d+/);
  await expect(user.getByText('已生成')).toBeVisible({ timeout: 60_000 });
  await expect(user.getByRole('button', { name: '导出PDF' })).toBeVisible();
  await expect(user.frameLocator('iframe').getByText('参考同小区近三个月成交，房屋状况良好。')).toBeVisible();
  await user.getByRole('button', { name: '返回人工询价结果' }).click();
  await expect(user).toHaveURL(/manualInquiryReport\?id=\d+/);
  await expect(user.getByRole('button', { name: '查看咨询报告' })).toBeVisible();

  await user.getByRole('button', { name: '人工复评' }).click();
  const review = user.getByRole('dialog', { name: '人工复评' });
  const expected = review.getByRole('textbox', { name: '期望价格' });
  await expect(expected).toHaveValue('');
  await expect(review.getByRole('radio', { checked: true })).toHaveCount(0);
  await review.getByRole('button', { name: '提交' }).click();
  await expect(review.getByText('请选择复评原因')).toBeVisible();
  // 估价偏高 (valued too high) with an expected price above the original 528万元 contradicts itself.
  await review.getByRole('radio', { name: '估价偏高' }).check();
  await expected.fill('560');
  await review.getByRole('button', { name: '提交' }).click();
  await expect(review.getByRole('alert').getByText('估价偏高时，期望价格应低于原估价')).toBeVisible();
  await expected.fill('500');
  await review.getByRole('button', { name: '提交' }).click();
  await expect(user.getByText('人工复评申请成功，大约需要1-2个工作日，请您耐心等待...')).toBeVisible();

  await claimFromQueue(appraiser);
  await appraiser.getByLabel('退回原因').fill('期望价格缺少依据，请补充近期成交材料。');
  await appraiser.getByRole('button', { name: '退回', exact: true }).click();
  await appraiser.getByRole('dialog', { name: '确认退回' }).getByRole('button', { name: /退回/ }).click();
  await expect(appraiser.getByLabel('退回原因')).toHaveCount(0);

  // The supervisor (demoadmin, with the data range) opens the refusal first: it stays unread for demouser.
  await logIn(supervisor, 'user', 'demoadmin', DEMO_PASSWORD);
  await expect(supervisor).toHaveURL(/\/org\/quickval$/);
  await supervisor.goto('/org/objectionReview');
  const seen = supervisor.getByRole('row', { name: /春晓花园/ }).first();
  await expect(seen.getByLabel('未读')).toHaveCount(0);
  await seen.getByRole('link', { name: '详情' }).click();
  await expect(supervisor.getByText('期望价格缺少依据，请补充近期成交材料。')).toBeVisible();
  await expect(unreadBell(supervisor, 0)).toBeVisible();

  await user.goto('/org/objectionReview');
  await expect(unreadBell(user, 1)).toBeVisible();
  await unreadBell(user, 1).click();
  await expect(user.getByRole('menuitem', { name: /人工复评\s*1/ })).toBeVisible();
  await expect(user.getByRole('menuitem', { name: /人工询价\s*0/ })).toBeVisible();
  await user.keyboard.press('Escape');
  const refused = user.getByRole('row', { name: /春晓花园/ }).first();
  await expect(refused.getByLabel('未读')).toBeVisible();
  await refused.getByRole('link', { name: '详情' }).click();
  await expect(user.getByText('期望价格缺少依据，请补充近期成交材料。')).toBeVisible();
  // The refused re-appraisal has no price: its history is the enquiry it re-appraises.
  const chain = user.getByRole('table', { name: '价格历史' });
  await expect(chain.getByRole('row', { name: /人工询价.*528万元/ })).toBeVisible();
  await expect(chain.getByRole('row', { name: /人工复评/ })).toHaveCount(0);
  await expect(unreadBell(user, 0)).toBeVisible();
});
