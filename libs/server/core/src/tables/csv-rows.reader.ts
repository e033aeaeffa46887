import { pipeline, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { parse as parseText } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import type { TextEncoding } from './text-encoding.detector';
import type { TableRow } from './table-file.reader';

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
} as const;

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

const malformedRow = (error: Error & { lines?: unknown }): TableRow => ({
  line: typeof error.lines === 'number' ? error.lines : 0,
  cells: [],
  problem: `CSV 格式错误：${error.message}`,
});

/** A record of the parser with `info: true` (its types do not say so). */
function parsedRecord(entry: unknown): ParsedRecord {
  if (typeof entry === 'object' && entry !== null && 'record' in entry && 'info' in entry) return entry as ParsedRecord;
  throw new Error('csv-parse gave a record without its info');
}

/**
 * Rows of parsed records, with the records the parser skipped in line order. The parser reports a
 * skipped record as soon as it meets it, often before the records above it come out; each waits
 * in `malformed` until the rows before it have been given.
 */
function* rowsOf(entries: Iterable<ParsedRecord>, malformed: TableRow[], checkText = true): Generator<TableRow> {
  for (const { record, info } of entries) {
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
 * decode, comes as a row with a problem and no cells.
 */
export async function* csvRows(bytes: Readable, encoding: TextEncoding, delimiter: string): AsyncGenerator<TableRow> {
  const parser = parse({ ...PARSE_OPTIONS, delimiter });
  const malformed: TableRow[] = [];
  parser.on('skip', (error: Error & { lines?: unknown }) => malformed.push(malformedRow(error)));
  const records = pipeline(bytes, iconv.decodeStream(encoding), parser, () => undefined);
  for await (const entry of records as AsyncIterable<unknown>) yield* rowsOf([parsedRecord(entry)], malformed);
  yield* malformed;
}

/** The rows of CSV text held in memory, as csvRows gives them, parsed at once. */
export function* csvTextRows(text: string, delimiter: string): Generator<TableRow> {
  const malformed: TableRow[] = [];
  const entries: unknown[] = parseText(text, {
    ...PARSE_OPTIONS,
    delimiter,
    on_skip: (error) => {
      if (error) malformed.push(malformedRow(error));
      return undefined;
    },
  });
  // Text without a character that is not text anywhere needs no check per record.
  yield* rowsOf(entries.map(parsedRecord), malformed, BINARY_TEXT.test(text));
  yield* malformed;
}
