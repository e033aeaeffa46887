import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import * as XLS from '@e965/xlsx';
import { detectTextEncoding, type TextEncoding } from './text-encoding.detector';
import { Utf8WorkbookReader } from './utf8-workbook.reader';

/** One row of a table file: its cells as text, or why it could not be read. */
export interface TableRow {
  /** Line of the CSV file where the record starts, or row number of the worksheet (1-based). */
  line: number;
  cells: string[];
  /** Set when the row is malformed (a CSV quoting error); `cells` is then empty. */
  problem?: string;
}

export interface TableFile {
  format: 'csv' | 'xlsx' | 'xls';
  encoding: TextEncoding | null;
  rows: AsyncIterable<TableRow>;
}

export class TableFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TableFileError';
  }
}

/** Bytes read ahead to recognise the format and the encoding. */
const HEAD_BYTES = 64 * 1024;

/** The first `bytes` of a stream, and a stream that yields everything, those bytes included. */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; all: Readable }> {
  const iterator: AsyncIterator<Buffer | string> = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < bytes) {
    const step = await iterator.next();
    if (step.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.isBuffer(step.value) ? step.value : Buffer.from(step.value);
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* everything(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    if (ended) return;
    for (;;) {
      const step = await iterator.next();
      if (step.done) return;
      yield Buffer.isBuffer(step.value) ? step.value : Buffer.from(step.value);
    }
  }
  return { head, all: Readable.from(everything(), { objectMode: false }) };
}

/** The delimiter of the first line: comma, tab or semicolon, whichever occurs most. */
function detectDelimiter(head: Buffer, encoding: TextEncoding): string {
  const text = iconv.decode(head.subarray(0, 8192), encoding);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (d: string) => firstLine.split(d).length - 1;
  const candidates = [',', '\t', ';'].map((d) => [d, count(d)] as const);
  const best = candidates.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

async function* csvRows(all: Readable, encoding: TextEncoding, delimiter: string): AsyncGenerator<TableRow> {
  const parser = parse({
    delimiter,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
  });
  const malformed: TableRow[] = [];
  parser.on('skip', (error: Error & { lines?: number }) => {
    malformed.push({ line: error.lines ?? 0, cells: [], problem: `CSV 格式错误：${error.message}` });
  });
  const records = pipeline(all, iconv.decodeStream(encoding), parser, () => undefined);
  // The parser reports a skipped record as soon as it meets it, often before the records above
  // it are read from the stream; each waits here until the rows before it have been yielded.
  for await (const entry of records as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    const newlines = entry.record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    const line = entry.info.lines - newlines;
    while (malformed.length > 0 && malformed[0].line < line) yield* malformed.splice(0, 1);
    yield { line, cells: entry.record };
  }
  yield* malformed;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The text a user sees in a cell: rich text joined, formulas as their result, dates as YYYY-MM-DD. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e8) / 1e8);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    const time = value.getUTCHours() + value.getUTCMinutes() + value.getUTCSeconds();
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    return time === 0 ? date : `${date} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
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

async function* xlsxRows(all: Readable): AsyncGenerator<TableRow> {
  const workbook = new Utf8WorkbookReader(all, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  let first = true;
  // Only the first worksheet holds data; the others are skipped (the reader drains them).
  for await (const worksheet of workbook) {
    if (!first) continue;
    first = false;
    for await (const row of worksheet) {
      const values = row.values as unknown[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
      yield { line: row.number, cells };
    }
  }
}

/** First bytes of an OLE2 compound document, the container of a legacy Excel workbook. */
export const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Largest legacy Excel file read: the format holds at most 65,536 rows. */
const MAX_XLS_BYTES = 64 * 1024 * 1024;
/** Days from Excel's day 0 (1899-12-30, or 1904-01-01 in 1904-based workbooks) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const DATE_1904_OFFSET_DAYS = 1462;

/** A legacy Excel cell as the value cellText reads: date-formatted serial numbers become UTC dates. */
function xlsCellValue(cell: XLS.CellObject | undefined, date1904: boolean): unknown {
  if (!cell || cell.t === 'e' || cell.t === 'z') return null;
  if (cell.t === 'n' && typeof cell.z === 'string' && XLS.SSF.is_date(cell.z)) {
    const days = (cell.v as number) + (date1904 ? DATE_1904_OFFSET_DAYS : 0) - EXCEL_EPOCH_DAYS;
    return new Date(Math.round(days * 86_400_000));
  }
  return cell.v;
}

/** The rows of the first worksheet of a legacy Excel (BIFF, .xls) workbook, read whole. */
async function* xlsRows(all: Readable): AsyncGenerator<TableRow> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of all) {
    size += (chunk as Buffer).length;
    if (size > MAX_XLS_BYTES) {
      all.destroy();
      throw new TableFileError('Excel 文件过大，请另存为 CSV 后再导入');
    }
    chunks.push(chunk as Buffer);
  }
  let workbook: XLS.WorkBook;
  try {
    workbook = XLS.read(Buffer.concat(chunks), {
      type: 'buffer',
      dense: true,
      cellNF: true,
      cellHTML: false,
      cellFormula: false,
      cellText: false,
    });
  } catch {
    throw new TableFileError('无法读取该 Excel 文件，请另存为 .xlsx 或 CSV 后再导入');
  }
  const name = workbook.SheetNames[0];
  if (!name) return;
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const data = (workbook.Sheets[name]['!data'] ?? []) as (XLS.CellObject[] | undefined)[];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells = Array.from({ length: row.length }, (_, c) => cellText(xlsCellValue(row[c], date1904)));
    if (cells.some((c) => c !== '')) yield { line: r + 1, cells };
  }
}

/**
 * Opens a CSV, XLSX or XLS file as a stream of rows. CSV and XLSX files are read without holding
 * the whole file in memory; a legacy XLS file (at most 65,536 rows) is read whole. The format is
 * recognised from the content (XLSX is a ZIP archive, XLS an OLE2 compound document); the
 * encoding of a CSV file is detected from its first bytes; the delimiter is the comma, tab or
 * semicolon of the first line.
 */
export async function openTableFile(stream: Readable): Promise<TableFile> {
  const { head, all } = await peek(stream, HEAD_BYTES);
  if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304) {
    return { format: 'xlsx', encoding: null, rows: xlsxRows(all) };
  }
  if (head.subarray(0, OLE2_SIGNATURE.length).equals(OLE2_SIGNATURE)) {
    return { format: 'xls', encoding: null, rows: xlsRows(all) };
  }
  if (head.length >= 4 && head.readUInt32BE(0) === OLE2_SIGNATURE.readUInt32BE(0)) {
    all.destroy();
    throw new TableFileError('无法读取该 Excel 文件，请另存为 .xlsx 或 CSV 后再导入');
  }
  const encoding = detectTextEncoding(head);
  return { format: 'csv', encoding, rows: csvRows(all, encoding, detectDelimiter(head, encoding)) };
}
