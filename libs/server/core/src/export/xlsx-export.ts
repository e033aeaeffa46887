import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ListMsg, parseDateTime, SHEET_DATE_TIME_FORMAT, sheetDateTime } from '@valuation/domain';

export type XlsxCell = string | number | Date | null;

/** One column of an export: its Chinese header, how a row fills it and how Excel shows it. */
export interface XlsxColumn<T> {
  header: string;
  value: (row: T) => XlsxCell;
  /** Column width in characters. */
  width?: number;
  /** Excel number format, e.g. `#,##0.00` or `yyyy-mm-dd hh:mm:ss`. */
  numFmt?: string;
  /** The unit of a value whose unit differs by row, written in a column of its own right after it. */
  unit?: { header: string; value: (row: T) => string; width?: number };
}

/** What an export writes: the sheet's name and its columns. */
export interface XlsxSheet<T> {
  sheetName: string;
  columns: readonly XlsxColumn<T>[];
}

/** The rows of an export: a list, or batches read one after the other. */
export type XlsxRows<T> = readonly T[] | AsyncIterable<readonly T[]>;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLSX_DATE_TIME = SHEET_DATE_TIME_FORMAT;
export const XLSX_AMOUNT = '#,##0.00';
/** A share (0.068) shown as a percentage with one decimal (6.8%). */
export const XLSX_PERCENT = '0.0%';

/** An export of an empty list: the specification answers 暂无数据 instead of an empty workbook. */
export class EmptyExportError extends Error {
  constructor() {
    super(ListMsg.noData);
    this.name = 'EmptyExportError';
  }
}

/**
 * A moment (or an API date-time, business wall clock) as an Excel cell: Excel stores wall-clock
 * times without a zone, so the cell shows the business zone's clock.
 */
export function excelDateTime(value: Date | string): Date | null {
  const at = typeof value === 'string' ? parseDateTime(value) : value;
  return at ? sheetDateTime(at) : null;
}

/** Text that a spreadsheet would take for a formula (= + - @, or a tab or carriage return first) is kept as text with a leading '. */
export function formulaSafe(value: XlsxCell): XlsxCell {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A cell's value with its text made formula-safe: plain text, or the first run of rich text. */
function formulaSafeValue(value: ExcelJS.CellValue): ExcelJS.CellValue {
  if (typeof value === 'string') return formulaSafe(value);
  if (value && typeof value === 'object' && 'richText' in value && value.richText.length > 0) {
    const [first, ...rest] = value.richText;
    const text = formulaSafe(first.text) as string;
    return text === first.text ? value : { ...value, richText: [{ ...first, text }, ...rest] };
  }
  return value;
}

/**
 * A workbook built cell by cell (a template with its drop-down lists and notes) as the bytes of an
 * .xlsx file, every text cell of every sheet made formula-safe first: the one way the system
 * writes a built workbook, as streamXlsx is for lists.
 */
export async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const safe = formulaSafeValue(cell.value);
        if (safe !== cell.value) cell.value = safe;
      }),
    ),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Batches of rows turned into the rows an export writes, batch by batch (to add what a batch needs, read in one go). */
export async function* mapBatches<S, T>(
  source: XlsxRows<S>,
  map: (batch: readonly S[]) => Promise<readonly T[]>,
): AsyncGenerator<readonly T[]> {
  for await (const batch of batchesOf(source)) yield await map(batch);
}

async function* batchesOf<T>(rows: XlsxRows<T>): AsyncGenerator<readonly T[]> {
  if (Array.isArray(rows)) {
    yield rows as readonly T[];
    return;
  }
  yield* rows as AsyncIterable<readonly T[]>;
}

interface SheetColumn<T> {
  header: string;
  width: number;
  numFmt?: string;
  value: (row: T) => XlsxCell;
}

function sheetColumns<T>(columns: readonly XlsxColumn<T>[]): SheetColumn<T>[] {
  const width = (header: string, given?: number) => given ?? Math.max(10, header.length * 2 + 2);
  return columns.flatMap((c) => {
    const own: SheetColumn<T> = { header: c.header, width: width(c.header, c.width), numFmt: c.numFmt, value: c.value };
    return c.unit ? [own, { header: c.unit.header, width: width(c.unit.header, c.unit.width), value: c.unit.value }] : [own];
  });
}

/**
 * A workbook of one sheet, streamed as it is written: a bold, frozen, filterable header row, then
 * one line per row, each committed as soon as it is written. The first batch is read before
 * anything is written, so an empty list throws EmptyExportError and nothing is sent; a failure
 * later ends the stream with the error. The next batch is read only once what was written has
 * mostly gone to the reader, so an export holds a few batches at a time however slowly it is read.
 */
export async function streamXlsx<T>(sheet: XlsxSheet<T>, rows: XlsxRows<T>): Promise<Readable> {
  const batches = batchesOf(rows);
  let first = await batches.next();
  while (!first.done && first.value.length === 0) first = await batches.next();
  if (first.done) throw new EmptyExportError();

  const columns = sheetColumns(sheet.columns);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.created = new Date();
  const ws = workbook.addWorksheet(sheet.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ width: c.width }));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = ws.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', horizontal: 'center' };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF1F3F5' } };
  });
  header.commit();

  const write = (batch: readonly T[]) => {
    for (const row of batch) {
      const line = ws.addRow(columns.map((c) => formulaSafe(c.value(row))));
      columns.forEach((c, i) => {
        if (c.numFmt) line.getCell(i + 1).numFmt = c.numFmt;
      });
      line.commit();
    }
  };
  void (async () => {
    write(first.value);
    for (;;) {
      await drained(workbook, ws, out);
      if (out.destroyed) {
        await batches.return(undefined);
        return;
      }
      const next = await batches.next();
      if (next.done) break;
      write(next.value);
    }
    ws.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** Bytes of a sheet written but not yet read (compressed or not) that an export lets wait before it reads its next batch. */
export const XLSX_PENDING_LIMIT = 256 * 1024;

interface BufferedStream extends NodeJS.EventEmitter {
  _writableState?: { length: number };
  _readableState?: { length: number };
}

/**
 * The streams where a sheet's XML waits for the reader: ExcelJS's worksheet stream hands each block
 * to the stream the zip reads and ignores what write answers, and the zip (archiver) keeps taking
 * what it is given while its own output waits unread, so both grow as long as rows are written.
 */
function holdingStreams(workbook: ExcelJS.stream.xlsx.WorkbookWriter, ws: ExcelJS.Worksheet): BufferedStream[] {
  const sheet = (ws as unknown as { stream?: { pipes?: BufferedStream[] } }).stream;
  const zip = (workbook as unknown as { zip?: BufferedStream }).zip;
  return [...(sheet?.pipes ?? []), ...(zip ? [zip] : [])];
}

const pendingBytes = (streams: readonly BufferedStream[]) =>
  streams.reduce((sum, s) => sum + (s._writableState?.length ?? 0) + (s._readableState?.length ?? 0), 0);

/**
 * Resolves once what was written so far has mostly gone to the reader, so that the next batch is
 * read only as fast as the reader takes the file: after the writes are handed on (one turn of the
 * event loop), it waits while more than XLSX_PENDING_LIMIT bytes wait, or until the output is
 * destroyed.
 */
async function drained(workbook: ExcelJS.stream.xlsx.WorkbookWriter, ws: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  const streams = holdingStreams(workbook, ws);
  while (!out.destroyed && pendingBytes(streams) > XLSX_PENDING_LIMIT) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        streams.forEach((s) => s.off('drain', done));
        out.off('drain', done).off('close', done);
        resolve();
      };
      const timer = setTimeout(done, 20);
      streams.forEach((s) => s.once('drain', done));
      out.once('drain', done).once('close', done);
    });
  }
}
