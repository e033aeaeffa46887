import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { test } from '@playwright/test';
import { closeRedis, DEMO_PASSWORD, describeFlat, expect, logIn } from './support';

test.afterAll(closeRedis);

test('an administrator reads the valuation summary of its organisations, opens the detail a count stands for, and exports the summary', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'user', 'demoadmin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/org\/quickval$/);
  await describeFlat(page, { community: '春晓花园', area: '88', floor: '5', totalFloors: '18' });
  await page.getByRole('button', { name: '自动估售价' }).click();
  await expect(page).toHaveURL(/\/org\/valreport\?evalCode=EV\d+/);

  await page.goto('/org/stat/summary');
  const row = page.getByRole('row', { name: /demoadmin/ });
  await expect(row).toBeVisible();
  const quick = row.getByRole('link').first();
  const count = Number((await quick.innerText()).trim());
  expect(count).toBeGreaterThanOrEqual(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-stats-')), (await download).suggestedFilename());
  expect(file).toMatch(/\.xlsx$/);
  await (await download).saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  const lines: string[] = [];
  sheet.eachRow((r) => lines.push((r.values as unknown[]).join('|')));
  expect(lines.some((l) => l.includes('demoadmin'))).toBe(true);

  await quick.click();
  await expect(page).toHaveURL(/\/org\/stat\/subsidiary\?/);
  const detail = page.getByRole('row', { name: /demoadmin/ }).filter({ hasText: '88.00' });
  await expect(detail.first()).toContainText('快速估价');
});
