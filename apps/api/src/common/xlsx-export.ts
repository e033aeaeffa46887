import type { Readable } from 'node:stream';
import type { StreamableFile } from '@nestjs/common';
import { fileDownload } from './file-download';
import ExcelJS from 'exceljs';
import { parseDateTime, SHEET_DATE_TIME_FORMAT, sheetDateTime } from '@valuation/domain';

export type XlsxCell = string | number | Date | null;

/** One column of an export: its Chinese header, how a row fills it and how Excel shows it. */
export interface XlsxColumn<T> {
  header: string;
  value: (row: T) => XlsxCell;
  /** Column width in characters. */
  width?: number;
  /** Excel number format, e.g. `#,##0.00` or `yyyy-mm-dd hh:mm:ss`. */
  numFmt?: string;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLSX_DATE_TIME = SHEET_DATE_TIME_FORMAT;
export const XLSX_AMOUNT = '#,##0.00';

/**
 * A moment (or an API date-time, business wall clock) as an Excel cell: Excel stores wall-clock
 * times without a zone, so the cell shows the business zone's clock.
 */
export function excelDateTime(value: Date | string): Date | null {
  const at = typeof value === 'string' ? parseDateTime(value) : value;
  return at ? sheetDateTime(at) : null;
}

/** A workbook with one sheet: a bold, frozen, filterable header row and one line per row. */
export async function buildXlsx<T>(sheetName: string, columns: readonly XlsxColumn<T>[], rows: readonly T[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    key: String(i),
    header: c.header,
    width: c.width ?? Math.max(10, c.header.length * 2 + 2),
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', horizontal: 'center' };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF1F3F5' } };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? ''));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The workbook as an attachment; the Chinese file name goes in `filename*`. */
export function xlsxFile(content: Buffer | Readable, fileName: string): StreamableFile {
  return fileDownload({ content, name: fileName, type: XLSX_MIME });
}
