import { EMPTY_FIGURE, escapeHtml } from '@valuation/domain';

export { escapeHtml };

/** Escaped text, or '--' when there is nothing to show. */
export function textOrEmpty(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text ? escapeHtml(text) : EMPTY_FIGURE;
}

/** One label and its value (already HTML); a wide item takes a whole row. */
export interface InfoItem {
  label: string;
  value: string;
  wide?: boolean;
}

/** A label/value table with two pairs a row; wide items take a whole row. */
export function infoTable(items: readonly InfoItem[], className = ''): string {
  const rows: string[] = [];
  let pending: InfoItem | null = null;
  const cell = (i: InfoItem, span = 1) =>
    `<th>${escapeHtml(i.label)}</th><td${span > 1 ? ` colspan="${span}"` : ''}>${i.value || EMPTY_FIGURE}</td>`;
  const flush = () => {
    if (pending) rows.push(`<tr>${cell(pending, 3)}</tr>`);
    pending = null;
  };
  for (const item of items) {
    if (item.wide) {
      flush();
      rows.push(`<tr>${cell(item, 3)}</tr>`);
    } else if (pending) {
      rows.push(`<tr>${cell(pending)}${cell(item)}</tr>`);
      pending = null;
    } else {
      pending = item;
    }
  }
  flush();
  return `<table class="info ${className}"><colgroup><col class="info-label"><col><col class="info-label"><col></colgroup><tbody>${rows.join('')}</tbody></table>`;
}

export interface Column<T> {
  title: string;
  align?: 'left' | 'center' | 'right';
  /** The cell as HTML. */
  cell: (row: T, index: number) => string;
  className?: string;
}

/**
 * A data table with a header row. With `keepFirst`, those first rows stay on the page of the
 * header when a long table continues on the next page.
 */
export function dataTable<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  options: { className?: string; keepFirst?: number } = {},
): string {
  const align = (c: Column<T>) => {
    const classes = [c.align && c.align !== 'left' ? c.align : '', c.className ?? ''].filter(Boolean).join(' ');
    return classes ? ` class="${classes}"` : '';
  };
  const head = columns.map((c) => `<th${align(c)}>${escapeHtml(c.title)}</th>`).join('');
  const row = (r: T, i: number) => `<tr>${columns.map((c) => `<td${align(c)}>${c.cell(r, i)}</td>`).join('')}</tr>`;
  const keep = Math.min(options.keepFirst ?? 0, rows.length);
  const body =
    keep > 0 && keep < rows.length
      ? `<tbody class="keep-rows">${rows.slice(0, keep).map(row).join('')}</tbody><tbody>${rows
          .slice(keep)
          .map((r, i) => row(r, i + keep))
          .join('')}</tbody>`
      : `<tbody>${rows.map(row).join('')}</tbody>`;
  return `<table class="data${options.className ? ` ${options.className}` : ''}"><thead><tr>${head}</tr></thead>${body}</table>`;
}

/** The placeholder of a block without data. */
export const noDataBlock = (text: string, className = '') => `<div class="no-data ${className}">${escapeHtml(text)}</div>`;

/** yyyy-MM-dd (optionally followed by a time) as 2026年11月20日; other text is returned as it is. */
export function chineseDate(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(value ?? '');
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : (value ?? '');
}

const CHINESE_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 1..99 in Chinese numerals for section numbers: 1 → 一, 11 → 十一, 20 → 二十. */
export function chineseNumber(n: number): string {
  if (n < 10) return CHINESE_DIGITS[n];
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 1 ? '' : CHINESE_DIGITS[tens]}十${ones ? CHINESE_DIGITS[ones] : ''}`;
}

/** Only data: URIs are placed in the report, so the page loads nothing from outside. */
export function isInlineImage(uri: string | null | undefined): uri is string {
  return typeof uri === 'string' && /^data:[\w.+-]+\/[\w.+-]+[;,]/i.test(uri);
}
