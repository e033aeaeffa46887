import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every spreadsheet or CSV file the system writes goes through the export module, which makes
 * every text cell formula-safe itself (streamXlsx for lists, workbookBuffer for built workbooks):
 * no other source file of the applications and libraries may write one. A new export that writes
 * a workbook or a CSV file some other way fails here.
 */

const ROOT = path.resolve(__dirname, '../../../../..');
const EXPORT_MODULE = path.join('libs', 'server', 'core', 'src', 'export', 'xlsx-export.ts');

/** Calls and packages that write a workbook or CSV text. */
const WRITERS: readonly RegExp[] = [
  /\.xlsx\s*\.\s*write(Buffer|File)?\s*\(/,
  /\.csv\s*\.\s*write(Buffer|File)?\s*\(/,
  /\bWorkbookWriter\b/,
  /\bXLS\s*\.\s*write(File|XLSX)?\s*\(/,
  /\bsheet_to_(csv|txt|html)\b/,
  /['"]csv-stringify/,
  /['"]text\/csv/,
];

/** Source files of the applications and libraries, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'test', 'testing'].includes(entry.name) ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.(int-)?spec\.tsx?$/.test(entry.name) ? [path.relative(ROOT, full)] : [];
  });
}

const writersIn = (files: readonly string[]) =>
  files.filter((file) => WRITERS.some((writer) => writer.test(readFileSync(path.join(ROOT, file), 'utf8'))));

describe('spreadsheet and CSV writers', () => {
  const files = [...sources(path.join(ROOT, 'apps')), ...sources(path.join(ROOT, 'libs'))];

  it('finds the writers it looks for (the export module is one)', () => {
    expect(files).toContain(EXPORT_MODULE);
    expect(files.length).toBeGreaterThan(300);
    expect(writersIn([EXPORT_MODULE])).toEqual([EXPORT_MODULE]);
  });

  it('are in the export module only, which makes every text cell formula-safe', () => {
    expect(writersIn(files)).toEqual([EXPORT_MODULE]);
  });
});
