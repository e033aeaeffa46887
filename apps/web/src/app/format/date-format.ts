const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | number | Date): Date | null {
  const date =
    value instanceof Date
      ? value
      : new Date(typeof value === 'string' && /^\d{4}\/\d{1,2}\/\d{1,2}/.test(value) ? value.replace(/\//g, '-') : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2025-03-08 14:05:09`; text that is not a date is returned as it is. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return String(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** `2025-03-08`; a plain date string (without time) is kept as written, with dashes. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const plain = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value.trim());
    if (plain) return `${plain[1]}-${pad(Number(plain[2]))}-${pad(Number(plain[3]))}`;
  }
  const date = toDate(value);
  if (!date) return String(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `2025/03/08 14:05:09`, the date format of the lists; text that is not a date is returned as it is. */
export function formatSlashDateTime(value: string | number | Date | null | undefined): string {
  const text = formatDateTime(
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? value.replace(' ', 'T') : value,
  );
  return /^\d{4}-\d{2}-\d{2} /.test(text) ? text.replace(/-/g, '/') : text;
}
