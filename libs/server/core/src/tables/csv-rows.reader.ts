import { pipeline, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { parse as parseText } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { MAX_RECORD_CHARS, TableFileError, TableFileMsg, tooManyCells, tooManyColumns, type TableReadLimits } from './table-limits';
import type { TextEncoding } from './text-encoding.detector';
import type { TableRow } from './table-file.reader';

/** The limits a CSV file is held to: the fields of a record and the fields of the file. */
export type CsvLimits = Pick<TableReadLimits, 'maxColumns' | 'maxCells'>;

/** Control characters that never occur in a text table (tab, line feed, carriage return and form feed do), and the replacement character of bytes that do not decode. */
// eslint-disable-next-line no-control-regex
export const BINARY_TEXT = /[\x00-\x08\x0b\x0e-\x1f\x7f\ufffd]/;

export const UNREADABLE_TEXT = '含有无法识别的字符，请确认文件是 UTF-8 或 GBK 编码的文本表格';

/** The delimiter of the first line: comma, tab or semicolon, whichever occurs most. */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (d: string) => firstLine.split(d).length - 1;
  const candidates = [',', '\t', ';'].map((d) => [d, count(d)] as const);
  const best = candidates.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

const PARSE_OPTIONS = {
  info: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  skip_records_with_error: true,
  // A quote never closed would otherwise gather the rest of the file into one field.
  max_record_size: MAX_RECORD_CHARS,
} as const;

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

type ParseError = Error & { lines?: unknown; code?: unknown };

/**
 * What reading a CSV file has met so far: the records the parser skipped, in the order it met
 * them, the one problem that refuses the whole file (a record longer than MAX_RECORD_CHARS: the
 * parser reads nothing after it), and the fields read.
 */
class CsvProgress {
  readonly skipped: TableRow[] = [];
  fatal: TableFileError | null = null;
  cells = 0;

  skip(error: ParseError): void {
    if (error.code === 'CSV_MAX_RECORD_SIZE') this.fatal ??= new TableFileError(TableFileMsg.recordTooLong(MAX_RECORD_CHARS), 'too-long');
    else
      this.skipped.push({ line: typeof error.lines === 'number' ? error.lines : 0, cells: [], problem: `CSV 格式错误：${error.message}` });
  }

  check(): void {
    if (this.fatal) throw this.fatal;
  }
}

/** A record of the parser with `info: true` (its types do not say so). */
function parsedRecord(entry: unknown): ParsedRecord {
  if (typeof entry === 'object' && entry !== null && 'record' in entry && 'info' in entry) return entry as ParsedRecord;
  throw new Error('csv-parse gave a record without its info');
}

/**
 * Rows of parsed records, with the records the parser skipped in line order. The parser reports a
 * skipped record as soon as it meets it, often before the records above it come out; each waits
 * in `progress.skipped` until the rows before it have been given. A record with more fields than
 * `maxColumns`, or fields beyond `maxCells` in all, refuses the file.
 */
function* rowsOf(entries: Iterable<ParsedRecord>, progress: CsvProgress, limits: CsvLimits, checkText = true): Generator<TableRow> {
  const malformed = progress.skipped;
  for (const { record, info } of entries) {
    progress.check();
    if (record.length > limits.maxColumns) throw tooManyColumns(limits.maxColumns);
    progress.cells += record.length;
    if (progress.cells > limits.maxCells) throw tooManyCells(limits.maxCells);
    let line = info.lines;
    for (const cell of record) if (cell.includes('\n')) line -= cell.split('\n').length - 1;
    while (malformed.length > 0 && malformed[0].line < line) yield* malformed.splice(0, 1);
    if (checkText && record.some((cell) => BINARY_TEXT.test(cell))) yield { line, cells: [], problem: `CSV 格式错误：${UNREADABLE_TEXT}` };
    else yield { line, cells: record };
  }
}

/**
 * The records of a CSV stream, decoded from `encoding`, numbered by the line they start on. A
 * record the parser cannot read, or whose text holds control characters or bytes that do not
 * decode, comes as a row with a problem and no cells. A record over MAX_RECORD_CHARS, or over
 * the limits, refuses the file (TableFileError).
 */
export async function* csvRows(bytes: Readable, encoding: TextEncoding, delimiter: string, limits: CsvLimits): AsyncGenerator<TableRow> {
  const parser = parse({ ...PARSE_OPTIONS, delimiter });
  const progress = new CsvProgress();
  parser.on('skip', (error: ParseError) => {
    progress.skip(error);
    if (progress.fatal) parser.destroy(progress.fatal);
  });
  const records = pipeline(bytes, iconv.decodeStream(encoding), parser, () => undefined);
  for await (const entry of records as AsyncIterable<unknown>) yield* rowsOf([parsedRecord(entry)], progress, limits);
  progress.check();
  yield* progress.skipped;
}

/** The rows of CSV text held in memory, as csvRows gives them, parsed at once. */
export function* csvTextRows(text: string, delimiter: string, limits: CsvLimits): Generator<TableRow> {
  const progress = new CsvProgress();
  const entries: unknown[] = parseText(text, {
    ...PARSE_OPTIONS,
    delimiter,
    on_skip: (error) => {
      if (error) progress.skip(error);
      return undefined;
    },
  });
  progress.check();
  // Text without a character that is not text anywhere needs no check per record.
  yield* rowsOf(entries.map(parsedRecord), progress, limits, BINARY_TEXT.test(text));
  yield* progress.skipped;
}
