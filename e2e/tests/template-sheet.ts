import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';

/** Beijing demo communities found through the API, `first` first. */
export async function beijingCommunities(page: Page, first: string): Promise<string[]> {
  const token = (await page.context().cookies()).find((c) => c.name === 'userToken')?.value;
  const names = new Set<string>([first]);
  for (const name of ['花园', '家园']) {
    const answer = await page.request.get('/api/community/filter', {
      params: { city: '北京', name, timestamp: Date.now() },
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    const body = await answer.json();
    for (const p of body?.data?.position ?? []) if (p.haName) names.add(p.haName as string);
  }
  return [...names];
}

/**
 * A downloaded template with its example row replaced by `rows` rows: `cells` maps a header (its
 * text before any * or bracket) to the value of row i. Written to `filled`.
 */
export async function fillTemplate(
  templatePath: string,
  filled: string,
  rows: number,
  cells: Record<string, (i: number) => string>,
): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templatePath);
  const sheet = workbook.worksheets[0];
  const headers = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? '').replace(/\*/g, ''));
  const column = (header: string) => {
    const index = headers.findIndex((h) => h.startsWith(header));
    if (index < 1) throw new Error(`the template has no column ${header}: ${headers.join(',')}`);
    return index;
  };
  for (let i = 0; i < rows; i += 1) {
    const row = sheet.getRow(i + 2);
    for (const [header, value] of Object.entries(cells)) row.getCell(column(header)).value = value(i);
    row.commit();
  }
  await workbook.xlsx.writeFile(filled);
  return filled;
}
