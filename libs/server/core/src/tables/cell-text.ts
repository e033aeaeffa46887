import { sheetCellText } from '@valuation/domain';

/** The text a user sees in a cell: rich text joined, formulas as their result, dates as YYYY-MM-DD. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e8) / 1e8);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return sheetCellText(value);
  }
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error !== undefined) return '';
  }
  return String(value);
}

/** Days from Excel's day 0 (1899-12-30, or 1904-01-01 in 1904-based workbooks) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const DATE_1904_OFFSET_DAYS = 1462;

/** The UTC date and time of an Excel date serial number (days since day 0, the fraction the time of day). */
export function excelSerialDate(serial: number, date1904: boolean): Date {
  const days = serial + (date1904 ? DATE_1904_OFFSET_DAYS : 0) - EXCEL_EPOCH_DAYS;
  return new Date(Math.round(days * 86_400_000));
}

/**
 * Built-in number formats that show dates or times: 14-22 and 45-47 everywhere, 27-36 and 50-58
 * the East Asian date formats (yyyy"年"m"月"d"日" and the like) that Chinese Excel uses.
 */
export function isBuiltInDateFormat(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58);
}

/** The `_xHHHH_` escapes of Office Open XML strings (a carriage return is `_x000D_`) as characters. */
export function unescapeOoxml(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
