import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { BINARY_TEXT, csvRows, csvTextRows, detectDelimiter } from './csv-rows.reader';
import { DEFAULT_TABLE_LIMITS, TableFileError, TableFileMsg, type TableReadLimits } from './table-limits';
import { detectTextEncoding, isValidUtf8, type TextEncoding } from './text-encoding.detector';
import { xlsRows } from './xls-rows.reader';
import { NotAWorkbookError, xlsxRows } from './xlsx-rows.reader';
import { bufferSource, spoolToFile, ZipArchive, ZipError, zipEntryNames, type ByteSource } from './zip-archive';

export type TableFormat = 'csv' | 'xlsx' | 'xls';

/** One row of a table file: its cells as text, or why it could not be read. */
export interface TableRow {
  /** Line of the CSV file where the record starts, or row number of the worksheet (1-based). */
  line: number;
  cells: string[];
  /** Set when the row cannot be read (a CSV quoting error, bytes that are not text); `cells` is then empty. */
  problem?: string;
}

export interface TableFile {
  format: TableFormat;
  encoding: TextEncoding | null;
  rows: AsyncIterable<TableRow>;
}

export { DEFAULT_TABLE_LIMITS, TableFileError, TableFileMsg, type TableFileProblem, type TableReadLimits } from './table-limits';

/** First bytes of an OLE2 compound document, the container of a legacy Excel workbook. */
export const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = 0x504b0304;
/** Bytes read ahead to recognise the format and the encoding. */
const HEAD_BYTES = 64 * 1024;

const hasUtf8Bom = (bytes: Buffer) => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
const magicOf = (bytes: Buffer) => (bytes.length >= 4 ? bytes.readUInt32BE(0) : 0);

/** The format of a file's content, with the encoding of its text when it is CSV. */
function sniff(
  bytes: Buffer,
  complete: boolean,
  truncated = bytes.length > HEAD_BYTES,
): { format: TableFormat; encoding: TextEncoding | null } | null {
  const magic = magicOf(bytes);
  if (magic === ZIP_MAGIC) {
    if (complete && !zipEntryNames(bytes)?.some((name) => /^xl\/workbook\d*\.xml$/.test(name))) return null;
    return { format: 'xlsx', encoding: null };
  }
  if (bytes.subarray(0, OLE2_SIGNATURE.length).equals(OLE2_SIGNATURE)) return { format: 'xls', encoding: null };
  if (magic === OLE2_SIGNATURE.readUInt32BE(0)) return null;
  const head = bytes.subarray(0, HEAD_BYTES);
  const encoding = detectTextEncoding(head);
  let text = iconv.decode(head, encoding);
  // A beginning cut inside a multi-byte character ends in a replacement character.
  if (truncated) text = text.replace(/\ufffd+$/, '');
  return BINARY_TEXT.test(text) ? null : { format: 'csv', encoding };
}

/**
 * The format the content of a file shows: a ZIP archive is XLSX, an OLE2 compound document XLS,
 * and anything else CSV when its beginning decodes as text (in the encoding detectTextEncoding
 * finds) without control characters; null for anything else. `complete` says the bytes are the
 * whole file: a ZIP archive then counts only when its directory lists a workbook.
 */
export function sniffTableFormat(bytes: Buffer, complete = false): TableFormat | null {
  return sniff(bytes, complete)?.format ?? null;
}

/** The first `bytes` of a stream, and a stream that yields everything, those bytes included. */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; all: Readable; ended: boolean }> {
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
    try {
      if (head.length > 0) yield head;
      if (ended) return;
      for (;;) {
        const step = await iterator.next();
        if (step.done) return;
        yield Buffer.isBuffer(step.value) ? step.value : Buffer.from(step.value);
      }
    } finally {
      if (!ended) await iterator.return?.();
    }
  }
  return { head, all: Readable.from(everything(), { objectMode: false }), ended };
}

/** The chunks of a stream, refused with TableFileError(`message`) once they pass `maxBytes`. */
async function* limited(stream: AsyncIterable<Buffer>, maxBytes: number, message: string): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBytes) throw new TableFileError(message, 'too-large');
    yield chunk;
  }
}

async function* fromSync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** XLSX rows; the file is kept on disk while it is read when it came as a stream. */
async function* xlsxTableRows(input: Buffer | Readable, limits: TableReadLimits): AsyncGenerator<TableRow> {
  let source: ByteSource | null = null;
  try {
    source = Buffer.isBuffer(input) ? bufferSource(input) : await spoolToFile(input, limits.maxBytes);
    const archive = await ZipArchive.open(source);
    yield* xlsxRows(archive, limits);
  } catch (error) {
    if (error instanceof ZipError) {
      throw error.reason === 'too-large'
        ? new TableFileError(TableFileMsg.excelTooLarge, 'too-large')
        : new TableFileError(TableFileMsg.unreadableExcel, 'unreadable');
    }
    if (error instanceof NotAWorkbookError) throw new TableFileError(TableFileMsg.unreadableExcel, 'unreadable');
    throw error;
  } finally {
    if (!Buffer.isBuffer(input)) input.destroy();
    await source?.close();
  }
}

async function* xlsTableRows(input: Buffer | Readable, limits: TableReadLimits): AsyncGenerator<TableRow> {
  const bytes = Buffer.isBuffer(input) ? input : await readAll(limited(input, limits.maxXlsBytes, TableFileMsg.excelTooLarge));
  if (bytes.length > limits.maxXlsBytes) throw new TableFileError(TableFileMsg.excelTooLarge, 'too-large');
  let rows: Generator<TableRow>;
  let first: IteratorResult<TableRow>;
  try {
    rows = xlsRows(bytes, limits);
    // SheetJS reads the whole workbook on the first step.
    first = rows.next();
  } catch (error) {
    if (error instanceof TableFileError) throw error;
    throw new TableFileError(TableFileMsg.unreadableExcel, 'unreadable');
  }
  if (first.done) return;
  yield first.value;
  yield* rows;
}

/**
 * Opens a CSV, XLSX or XLS file, from a stream or from memory, as rows of text cells: the one
 * reading path of market imports and batch uploads. The format is recognised from the content
 * (XLSX is a ZIP archive, XLS an OLE2 compound document, CSV text); the encoding of a CSV file is
 * detected from its first bytes (UTF-8 with or without a byte-order mark, GB18030, Big5, UTF-16)
 * and its delimiter is the comma, tab or semicolon of the first line. CSV files are streamed; an
 * XLSX workbook is read through its ZIP directory (a stream is first written to a temporary
 * file) and its first worksheet streamed; a legacy XLS file is read whole. Rows whose cells are
 * all empty are left out. Every format is held to the same limits (TableReadLimits: sizes, the
 * columns of a row, the cells of a sheet), so no file can take more memory than they allow; a
 * workbook is checked from its ZIP directory and its worksheet's dimension before its rows are
 * parsed. Throws TableFileError for a file that is no table, at once or, for a workbook that
 * cannot be read or a file over the limits, while its rows are read; its `problem` says which.
 */
export async function openTableFile(input: Readable | Buffer, limits: Partial<TableReadLimits> = {}): Promise<TableFile> {
  const all: TableReadLimits = { ...DEFAULT_TABLE_LIMITS, ...limits };
  if (Buffer.isBuffer(input) && input.length > all.maxBytes) throw new TableFileError(TableFileMsg.tooLarge, 'too-large');
  const { head, rest, truncated } = Buffer.isBuffer(input)
    ? { head: input.subarray(0, HEAD_BYTES), rest: input, truncated: input.length > HEAD_BYTES }
    : await peek(input, HEAD_BYTES).then(({ head, all: stream, ended }) => ({
        head,
        rest: stream,
        truncated: !ended || head.length > HEAD_BYTES,
      }));
  const refuse = (error: TableFileError): never => {
    if (!Buffer.isBuffer(rest)) rest.destroy();
    throw error;
  };
  const sniffed = sniff(head, false, truncated);
  if (sniffed === null)
    return refuse(
      magicOf(head) === OLE2_SIGNATURE.readUInt32BE(0)
        ? new TableFileError(TableFileMsg.unreadableExcel, 'unreadable')
        : new TableFileError(TableFileMsg.notATable, 'not-a-table'),
    );
  const bytes = Buffer.isBuffer(rest) ? rest : Readable.from(limited(rest, all.maxBytes, TableFileMsg.tooLarge), { objectMode: false });
  const { format } = sniffed;
  if (format === 'xlsx') return { format, encoding: null, rows: xlsxTableRows(bytes, all) };
  if (format === 'xls') return { format, encoding: null, rows: xlsTableRows(bytes, all) };
  let encoding = sniffed.encoding ?? detectTextEncoding(head);
  // A file in memory is checked whole: text that is plain ASCII at first and GBK further down is not UTF-8.
  if (encoding === 'utf-8' && Buffer.isBuffer(bytes) && bytes.length > head.length && !hasUtf8Bom(head) && !isValidUtf8(bytes, false)) {
    encoding = 'gb18030';
  }
  const delimiter = detectDelimiter(iconv.decode(head.subarray(0, 8192), encoding));
  const rows = Buffer.isBuffer(bytes)
    ? fromSync(csvTextRows(iconv.decode(bytes, encoding), delimiter, all))
    : csvRows(bytes, encoding, delimiter, all);
  return { format, encoding, rows };
}
