import { test } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeRedis, confirmDialog, DEMO_PASSWORD, expect, logIn } from './support';
import { beijingCommunities, fillTemplate } from './template-sheet';

test.afterAll(closeRedis);

const LOANS = 200;
/** Every tenth loan is far above its flat's value: its LTV and its fall since origination break the rule. */
const underwater = (i: number) => i % 10 === 0;

let workDir: string;
test.beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'loan-book-e2e-'));
});
test.afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

test('an administrator imports a 200-loan book, revalues it, follows its alerts and reads the four loan analyses', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, 'user', 'demoadmin', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/org\//);
  await page.goto('/org/collateral');

  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: '台账模板' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
  const templatePath = path.join(workDir, template.suggestedFilename());
  await template.saveAs(templatePath);

  const stamp = String(Date.now() % 1_000_000);
  const loanNo = (i: number) => `BK${stamp}-${String(i + 1).padStart(3, '0')}`;
  const communities = await beijingCommunities(page, '春晓花园');
  const book = await fillTemplate(templatePath, path.join(workDir, '贷款台账.xlsx'), LOANS, {
    城市: () => '北京市',
    小区名称或地址: (i) => communities[i % communities.length],
    物业类型: () => '住宅',
    建筑面积: (i) => (60 + (i % 9) * 10.5).toFixed(2),
    所在楼层: (i) => String(1 + (i % 12)),
    总楼层: () => '18',
    贷款编号: loanNo,
    贷款余额: (i) => (underwater(i) ? '9000' : '50'),
    放款日期: () => '2023/05/20',
    放款时估值: (i) => (underwater(i) ? '12000' : '1'),
  });

  await page.getByRole('button', { name: '导入贷款台账' }).click();
  const dialog = page.getByRole('dialog', { name: '导入贷款台账' });
  await dialog.locator('input[type="file"]').setInputFiles(book);
  const taskName = `贷款台账${stamp}`;
  await dialog.getByLabel('任务名称').fill(taskName);
  await dialog.getByRole('button', { name: '提交' }).click();
  const universal = page.getByRole('dialog', { name: '提示' }).filter({ hasText: '是否使用通用次数' });
  const created = dialog.getByText(`新增 ${LOANS} 笔贷款`);
  await expect(created.or(universal)).toBeVisible({ timeout: 60_000 });
  if (await universal.isVisible()) await universal.getByRole('button', { name: '是' }).click();
  await expect(dialog.getByText('上传成功')).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden({ timeout: 5_000 });

  await page.goto('/org/batchValuation');
  const task = page.getByRole('row').filter({ hasText: taskName });
  await expect(task.getByText('已完成')).toBeVisible({ timeout: 120_000 });
  await expect(task.getByText(`${LOANS}/${LOANS}`)).toBeVisible();

  await page.goto('/org/collateral');
  const started = page.waitForResponse((r) => r.url().includes('/api/reval/run') && r.request().method() === 'POST');
  await page.getByRole('button', { name: '立即重估' }).click();
  await confirmDialog(page, /重新估价全部资产/, '发起重估');
  const { runId, total } = (await (await started).json()).data as { runId: number; total: number };
  expect(total).toBeGreaterThanOrEqual(LOANS);
  await expect(page.getByText(/重估任务已创建：共\d+项资产/)).toBeVisible();
  const runRow = page.getByRole('row').filter({ hasText: `${total}/${total}` });
  await expect(runRow.getByText('已完成')).toBeVisible({ timeout: 120_000 });

  // The run's alerts: two for each underwater loan, and the header bell counts them unread.
  await page.goto(`/org/collateralAlerts?runId=${runId}&loanNo=${loanNo(10)}`);
  await expect(page.getByRole('link', { name: /^未读押品预警 \d+ 条$/ })).toBeVisible();
  const alerts = page.getByRole('row').filter({ hasText: loanNo(10) });
  await expect(alerts).toHaveCount(2);
  await expect(alerts.filter({ hasText: '抵押率超限' })).toHaveCount(1);
  await expect(alerts.filter({ hasText: '较放款时下跌' })).toHaveCount(1);
  await page.goto(`/org/collateralAlerts?runId=${runId}&loanNo=${loanNo(11)}`);
  await expect(page.getByText('暂无预警')).toBeVisible();
  await page.goto(`/org/collateralAlerts?runId=${runId}&kind=ltv`);
  const ltvTotal = Number((await page.getByText(/^共 \d+ 条$/).textContent())!.match(/\d+/)![0]);
  expect(ltvTotal).toBeGreaterThanOrEqual(LOANS / 10);

  await page.goto('/org/LoanOfTrendAnalyse');
  await expect(page.getByRole('heading', { name: '价值趋势' })).toBeVisible();
  await expect(page.getByRole('table', { name: '价值趋势' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText('最新已估价资产')).toBeVisible();

  await page.goto('/org/LoanOfStructureAnalyse');
  await expect(page.getByRole('heading', { name: '结构分析' })).toBeVisible();
  await expect(page.getByRole('table', { name: '结构分析' })).toContainText('北京');

  await page.goto('/org/LoanOfHouseAnalyse');
  const picker = page.getByRole('textbox', { name: '押品（贷款编号）' });
  await picker.fill(loanNo(0));
  await page
    .getByRole('option', { name: new RegExp(loanNo(0)) })
    .first()
    .click();
  await expect(page).toHaveURL(/LoanOfHouseAnalyse\?assetId=\d+/);
  await expect(page.getByRole('heading', { name: '预警记录' })).toBeVisible();
  await expect(page.getByRole('table', { name: '预警记录' })).toContainText('抵押率超限');
  await expect(page.getByRole('table', { name: '估值与抵押率明细' }).getByRole('row').nth(1)).toBeVisible();

  await page.goto('/org/LoanOfBusinessScreen');
  await expect(page.getByRole('heading', { name: '贷后大屏' })).toBeVisible();
  await expect(page.getByText('押品数量')).toBeVisible();
  await expect(page.getByText('抵押率分布')).toBeVisible();
  await expect(page.getByText(/^共 \d+ 条$/).first()).toBeVisible();
});
