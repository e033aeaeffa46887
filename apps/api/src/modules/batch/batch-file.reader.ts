import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { isValidUtf8, OLE2_SIGNATURE, openTableFile } from '@valuation/core';
import {
  BatchMsg,
  BATCH_MAX_ROWS,
  batchRowInput,
  matchBatchHeader,
  type BatchFileExtension,
  type BatchRowInput,
  type BatchColumnKey,
} from '@valuation/domain';

/** A file the upload refuses; the message is the one the dialog shows. */
export class BatchFileRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BatchFileRefusal';
  }
}

type CsvEncoding = 'utf-8' | 'gb18030' | 'utf-16le' | 'utf-16be';

/** Control characters that never occur in a text table (tab, line feed and carriage return do). */
// eslint-disable-next-line no-control-regex
const BINARY_TEXT = /[\x00-\x08\x0b\x0e-\x1f\x7f\ufffd]/;
const ZIP_MAGIC = 0x504b0304;
const OLE2_MAGIC = OLE2_SIGNATURE.readUInt32BE(0);
/** Bytes looked at to recognise a CSV file before its size is checked. */
const SNIFF_BYTES = 64 * 1024;

function csvEncoding(bytes: Buffer): CsvEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return isValidUtf8(bytes) ? 'utf-8' : 'gb18030';
}

/** The text of a CSV file in UTF-8, GB18030 (GBK, GB2312) or UTF-16 with a byte-order mark; null when it holds binary bytes. */
function decodeCsv(bytes: Buffer, truncated = false): { text: string; encoding: CsvEncoding } | null {
  const encoding = csvEncoding(bytes);
  if (!encoding.startsWith('utf-16') && bytes.includes(0)) return null;
  let text = iconv.decode(bytes, encoding);
  // A beginning cut inside a multi-byte character ends in a replacement character.
  if (truncated) text = text.replace(/\ufffd+$/, '');
  return BINARY_TEXT.test(text) ? null : { text, encoding };
}

/**
 * Whether the content is what the name says: an xlsx file is a ZIP archive holding a workbook, an
 * xls file an OLE2 compound document, a csv file text. Only the beginning of a CSV file is decoded
 * here; the rest is checked when it is read.
 */
export function contentMatches(ext: BatchFileExtension, bytes: Buffer): boolean {
  const magic = bytes.length >= 4 ? bytes.readUInt32BE(0) : 0;
  if (ext === 'xlsx') return magic === ZIP_MAGIC && bytes.includes('xl/workbook.xml');
  if (ext === 'xls') return bytes.subarray(0, OLE2_SIGNATURE.length).equals(OLE2_SIGNATURE);
  if (magic === ZIP_MAGIC || magic === OLE2_MAGIC) return false;
  return decodeCsv(bytes.subarray(0, SNIFF_BYTES), bytes.length > SNIFF_BYTES) !== null;
}

/** Name of an uploaded file: multer reads the multipart header as Latin-1 while browsers send UTF-8. */
export function uploadedFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\xff]/.test(raw)) return raw;
  const bytes = Buffer.from(raw, 'latin1');
  return isValidUtf8(bytes, false) ? bytes.toString('utf8') : raw;
}

export interface BatchFileContent {
  rows: BatchRowInput[];
  /** Encoding of a CSV file. */
  encoding: CsvEncoding | null;
}

/** Collects data rows after the header; stops one row past the limit. */
class RowCollector {
  private keys: (BatchColumnKey | null)[] | null = null;
  readonly rows: BatchRowInput[] = [];

  /** False once there are more rows than a file may have. */
  add(cells: readonly string[]): boolean {
    if (!this.keys) {
      if (cells.every((c) => !c || !c.trim())) return true;
      const header = matchBatchHeader(cells);
      if (!header.ok) throw new BatchFileRefusal(BatchMsg.headerMismatch);
      this.keys = header.keys;
      return true;
    }
    const row = batchRowInput(cells, this.keys);
    if (row) this.rows.push(row);
    return this.rows.length <= BATCH_MAX_ROWS;
  }
}

function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', '\t', ';'].map((d) => [d, firstLine.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

function readCsv(bytes: Buffer, rows: RowCollector): CsvEncoding {
  const decoded = decodeCsv(bytes);
  if (!decoded) throw new BatchFileRefusal(BatchMsg.fileType);
  let records: string[][];
  try {
    records = parse(decoded.text, {
      delimiter: detectDelimiter(decoded.text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
    });
  } catch {
    throw new BatchFileRefusal(BatchMsg.fileType);
  }
  for (const record of records) if (!rows.add(record)) break;
  return decoded.encoding;
}

/** Rows of an Excel workbook, xlsx or xls (recognised from the content, which was checked against the name). */
async function readWorkbook(bytes: Buffer, rows: RowCollector): Promise<void> {
  const table = await openTableFile(Readable.from([bytes]));
  try {
    for await (const row of table.rows) if (!rows.add(row.cells)) break;
  } catch (error) {
    if (error instanceof BatchFileRefusal) throw error;
    throw new BatchFileRefusal(BatchMsg.fileType);
  }
}

/**
 * The data rows of an uploaded file whose type was checked, by template column. The first
 * non-blank row is the header; blank rows are skipped; at most BATCH_MAX_ROWS + 1 rows are read.
 */
export async function readBatchFile(ext: BatchFileExtension, bytes: Buffer): Promise<BatchFileContent> {
  const rows = new RowCollector();
  if (ext === 'csv') return { rows: rows.rows, encoding: readCsv(bytes, rows) };
  await readWorkbook(bytes, rows);
  return { rows: rows.rows, encoding: null };
}
