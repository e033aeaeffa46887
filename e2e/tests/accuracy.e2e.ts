import { test } from '@playwright/test';
import { formatAccuracyFigures } from '@valuation/domain';
import { PUBLISHED_ACCURACY, publishedDataSetOf } from '@valuation/valuation';
import { closeRedis, DEMO_PASSWORD, describeFlat, expect, logIn } from './support';

test.afterAll(closeRedis);

const MEASURES = ['n', 'mdape', 'ppe10', 'ppe20', 'cod', 'prd', 'prb', 'coverageFsd', 'coverage95'] as const;

test('the confidence badge of a report opens the accuracy page at its class, with the published figures', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'user', 'demouser', DEMO_PASSWORD);
  await describeFlat(page, { community: '春晓花园', area: '89.5', floor: '5', totalFloors: '18' });
  await page.getByRole('button', { name: '自动估售价' }).click();
  await expect(page).toHaveURL(/\/org\/valreport\?evalCode=EV\d+/);

  const badge = page.getByTestId('confidence-badge');
  await expect(badge).toHaveText(/^[ABC]$/);
  const cls = (await badge.textContent())!;
  await badge.click();
  await expect(page).toHaveURL(new RegExp(`/accuracy#class-${cls}$`));
  await expect(page.getByRole('heading', { name: '估值准确度' })).toBeVisible();
  await expect(page.locator(`#class-${cls}`)).toBeInViewport();

  const full = publishedDataSetOf(PUBLISHED_ACCURACY)!;
  const group = full.groups.find((g) => g.cls === cls)!;
  const expected = formatAccuracyFigures(group.overall);
  const overall = page.getByTestId(`accuracy-class-${cls}-overall`);
  for (const key of MEASURES) await expect(overall.locator(`[data-measure="${key}"]`)).toHaveText(expected[key]);
  const section = page.getByTestId('accuracy-dataset-full');
  await expect(section.getByText(full.engineVersion)).toBeVisible();
  await expect(section.getByText(full.measuredOn)).toBeVisible();
  await expect(section.getByText(new RegExp(full.file)).first()).toBeVisible();
});

test('the accuracy page opens without logging in, with every published data set and the measures explained', async ({ page }) => {
  await page.goto('/accuracy');
  await expect(page).toHaveURL(/\/accuracy$/);
  await expect(page.getByRole('heading', { name: '估值准确度' })).toBeVisible();
  for (const d of PUBLISHED_ACCURACY.dataSets) {
    const section = page.getByTestId(`accuracy-dataset-${d.label}`);
    await expect(section).toBeVisible();
    const all = d.groups[0];
    const prefix = d.label === 'full' ? '' : `${d.label}-`;
    await expect(page.getByTestId(`accuracy-${prefix}all-overall`).locator('[data-measure="mdape"]')).toHaveText(
      formatAccuracyFigures(all.overall).mdape,
    );
  }
  await expect(page.getByText('中位绝对误差（MdAPE）')).toBeVisible();
  await expect(page.getByText(/0\.98–1\.03/)).toBeVisible();
});
