import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { closeRedis, DEMO_PASSWORD, expect, logIn } from './support';

test.afterAll(closeRedis);

test('a user generates the advisory report of a valuation, reads it, exports the PDF and verifies it from its QR code address', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'user', 'demouser', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/org\/quickval$/);
  const picker = page.getByRole('dialog', { name: '选择城市' });
  await picker.getByRole('textbox', { name: '城市名称或拼音' }).fill('北京');
  await picker.getByRole('button', { name: '确定' }).click();
  await page.getByRole('textbox', { name: '小区名称或地址' }).fill('春晓花园');
  await page
    .getByRole('option', { name: /春晓花园/ })
    .first()
    .click();
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await page.getByLabel('面积').fill('92');
  await page.getByLabel('所在楼层').fill('7');
  await page.getByLabel('总楼层').fill('18');
  await page.getByRole('button', { name: '自动估售价' }).click();
  await expect(page).toHaveURL(/\/org\/valreport\?evalCode=EV\d+/);

  await page.getByRole('button', { name: '生成咨询报告' }).click();
  const confirm = page.getByRole('dialog', { name: '生成咨询报告' });
  await expect(confirm.getByText('将扣减 1 份咨询报告次数')).toBeVisible();
  await confirm.getByRole('button', { name: '确定生成' }).click();
  await expect(page.getByText('生成报告成功!')).toBeVisible();
  await expect(page).toHaveURL(/\/org\/AdvisoryReport\/EV\d+\?evalType=1/);

  const frame = page.frameLocator('iframe[title="咨询报告"]');
  await expect(frame.getByText('春晓花园').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('已生成')).toBeVisible();
  const reportCode = (await page.getByText(/报告编号 ZX\d{18}/).textContent())!.match(/ZX\d{18}/)![0];

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出PDF' }).click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-report-')), (await download).suggestedFilename());
  expect(file).toMatch(new RegExp(`${reportCode}\\.pdf$`));
  await (await download).saveAs(file);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  expect(text).toContain('春晓花园');
  expect(text).toContain(reportCode);
  const verifyUrl = text.match(/https?:\/\/\S+\/verify\/ZX\d{18}/)?.[0];
  expect(verifyUrl).toBeDefined();

  await page.goto(verifyUrl!);
  await expect(page.getByText('报告真实有效')).toBeVisible();
  await expect(page.getByText(reportCode)).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '选择文件' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText('文件与存档一致，未被修改')).toBeVisible();

  await page.goto('/verify/ZX202611220000000000');
  await expect(page.getByText('未找到该报告，请核对报告编号')).toBeVisible();
});
