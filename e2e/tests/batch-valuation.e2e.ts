import { test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeRedis, DEMO_PASSWORD, expect, logIn } from './support';
import { beijingCommunities, fillTemplate } from './template-sheet';

test.afterAll(closeRedis);

const ROWS = 50;
/** The last rows name no community, so they end as address parse failures. */
const UNKNOWN_ADDRESSES = 2;
/** A community of the deterministic demo market in Beijing. */
const COMMUNITY = '春晓花园';

let workDir: string;
test.beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'batch-e2e-'));
});
test.afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** The cells of the 50 rows: the last ones name no community. */
function batchCells(communities: readonly string[]): Record<string, (i: number) => string> {
  return {
    城市: () => '北京市',
    小区名称或地址: (i) => (i < ROWS - UNKNOWN_ADDRESSES ? communities[i % communities.length] : `无此小区${i}号`),
    物业类型: () => '住宅',
    建筑面积: (i) => (60 + (i % 9) * 10.5).toFixed(2),
    所在楼层: (i) => String(1 + (i % 12)),
    总楼层: () => '18',
  };
}

test('a batch of 50 Beijing flats is uploaded, valued, filtered and exported', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, 'user', 'demoadmin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/org\//);
  await page.goto('/org/batchValuation');
  await expect(page.getByRole('heading', { name: '批量估价' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '提交时间开始' })).toHaveValue(/^\d{4}\/\d{2}\/\d{2}$/);

  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载模板' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
  const templatePath = path.join(workDir, template.suggestedFilename());
  await template.saveAs(templatePath);
  const filled = await fillTemplate(
    templatePath,
    path.join(workDir, '北京五十套.xlsx'),
    ROWS,
    batchCells(await beijingCommunities(page, COMMUNITY)),
  );

  await page.getByRole('button', { name: '新建任务' }).click();
  const dialog = page.getByRole('dialog', { name: '新建任务' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog.getByText('未选择上传文件！')).toBeVisible();
  await expect(dialog.getByText('请填写任务名！')).toBeVisible();

  await dialog.locator('input[type="file"]').setInputFiles({ name: 'rows.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(dialog.getByText('上传文件格式不正确！')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(filled);
  await expect(dialog.getByText('上传文件格式不正确！')).toBeHidden();

  const taskName = `北京五十套${Date.now() % 100000}`;
  await dialog.getByLabel('任务名称').fill(taskName);
  const phone = dialog.getByLabel('接收短信手机号');
  await phone.pressSequentially('1381234');
  await expect(phone).toHaveValue('138-1234');
  await phone.pressSequentially('5678');
  await expect(phone).toHaveValue('138-1234-5678');

  const upload = page.waitForResponse((r) => r.url().includes('/api/batch/upload') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: '提交' }).click();
  const { batchId } = (await (await upload).json()).data as { batchId: string };
  const token = (await page.context().cookies()).find((c) => c.name === 'userToken')?.value;
  const detail = await page.request.get('/api/batch/detail', {
    params: { id: batchId, timestamp: Date.now() },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await detail.json()).data.recvPhone).toBe('13812345678');

  const universal = page.getByRole('dialog', { name: '提示' }).filter({ hasText: '是否使用通用次数' });
  await expect(dialog.getByText('上传成功').or(universal)).toBeVisible({ timeout: 30_000 });
  if (await universal.isVisible()) await universal.getByRole('button', { name: '是' }).click();
  await expect(dialog.getByText('上传成功')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden({ timeout: 5_000 });

  const row = page.getByRole('row').filter({ hasText: taskName });
  await expect(row).toBeVisible();
  await expect(row.getByText(String(ROWS), { exact: true }).first()).toBeVisible();
  await expect(row.getByText('已完成')).toBeVisible({ timeout: 120_000 });
  await expect(row.getByText(`${ROWS}/${ROWS}`)).toBeVisible();

  await row.getByRole('link', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/org\/batchValuationDetail\/\d+$/);
  await expect(page.getByText(taskName)).toBeVisible();
  const items = page.locator('table').filter({ hasText: '行号' });
  await expect(page.getByText(`共 ${ROWS} 条`)).toBeVisible();
  await expect(items.locator('tbody tr')).toHaveCount(10);

  const valued = page.waitForResponse(
    (r) => r.url().includes('/api/batch/items') && r.url().includes('evalState=1') && r.url().includes('pageSize=50'),
  );
  await page
    .locator('label')
    .filter({ hasText: /^已估价$/ })
    .click();
  await page.getByRole('textbox', { name: '每页条数' }).click();
  await page.getByRole('option', { name: '50 条/页' }).click();
  const valuedCount = (await (await valued).json()).data.total as number;
  expect(valuedCount).toBe(ROWS - UNKNOWN_ADDRESSES);
  await expect(page.getByText(`共 ${valuedCount} 条`)).toBeVisible();
  await expect(items.locator('tbody tr').first()).toContainText('北京');
  await expect(items.getByRole('columnheader', { name: '估价编号' })).toBeVisible();
  await expect(items.getByRole('columnheader', { name: '匹配小区' })).toBeVisible();
  const reportLink = items
    .locator('tbody tr')
    .first()
    .getByRole('link', { name: /^EV\d+$/ });
  await expect(reportLink).toBeVisible();
  const valuedCode = (await reportLink.textContent())!;

  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await exported;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const exportPath = path.join(workDir, 'export.xlsx');
  await file.saveAs(exportPath);
  const exportBook = new ExcelJS.Workbook();
  await exportBook.xlsx.readFile(exportPath);
  expect(exportBook.worksheets[0].actualRowCount).toBe(valuedCount + 1);

  const failed = page.waitForResponse((r) => r.url().includes('/api/batch/items') && r.url().includes('evalState=3'));
  await page
    .locator('label')
    .filter({ hasText: /^地址解析失败$/ })
    .click();
  expect((await (await failed).json()).data.total).toBe(UNKNOWN_ADDRESSES);
  await expect(page.getByText(`共 ${UNKNOWN_ADDRESSES} 条`)).toBeVisible();

  const notValued = page.waitForResponse((r) => r.url().includes('/api/batch/items') && r.url().includes('evalState=2'));
  await page
    .locator('label')
    .filter({ hasText: /^未估价$/ })
    .click();
  expect((await (await notValued).json()).data.total).toBe(0);
  // Nothing to export: the button is disabled and says why.
  const exportButton = page.getByRole('button', { name: '导出' });
  await expect(exportButton).toBeDisabled();
  await page.locator('[data-export-wrapper]').hover();
  await expect(page.getByRole('tooltip').filter({ hasText: '暂无数据' })).toBeVisible();

  // A valued row opens its valuation report.
  await page
    .locator('label')
    .filter({ hasText: /^已估价$/ })
    .click();
  await items.getByRole('link', { name: valuedCode, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/org/valreport\\?evalCode=${valuedCode}`));
  await expect(page.getByText(`估价编号：${valuedCode}`)).toBeVisible();
});
