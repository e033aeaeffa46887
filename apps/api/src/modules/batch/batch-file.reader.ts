import { isValidUtf8, openTableFile, sniffTableFormat, TableFileError, type TextEncoding } from '@valuation/core';
import {
  BatchMsg,
  BATCH_MAX_FILE_BYTES,
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

/**
 * Whether the content is what the name says: an xlsx file is a ZIP archive holding a workbook, an
 * xls file an OLE2 compound document, a csv file text. Only the beginning of a CSV file is decoded
 * here; the rest is checked when it is read.
 */
export function contentMatches(ext: BatchFileExtension, bytes: Buffer): boolean {
  return sniffTableFormat(bytes, true) === ext;
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
  encoding: TextEncoding | null;
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

/**
 * How much of an upload is read: the file itself was checked against BATCH_MAX_FILE_BYTES; the
 * parts of a workbook may not inflate beyond what 10,000 rows take.
 */
const UPLOAD_LIMITS = {
  maxBytes: BATCH_MAX_FILE_BYTES,
  maxXlsBytes: BATCH_MAX_FILE_BYTES,
  maxPartBytes: 64 * 1024 * 1024,
  maxSharedStringBytes: 64 * 1024 * 1024,
};

/**
 * The data rows of an uploaded file whose type was checked, by template column, read by the
 * table reader that market imports use too. The first non-blank row is the header; blank rows
 * are skipped; at most BATCH_MAX_ROWS + 1 rows are read. A file that cannot be read, or a row
 * that is not text, refuses the whole file.
 */
export async function readBatchFile(ext: BatchFileExtension, bytes: Buffer): Promise<BatchFileContent> {
  const rows = new RowCollector();
  try {
    const table = await openTableFile(bytes, UPLOAD_LIMITS);
    if (table.format !== ext) throw new BatchFileRefusal(BatchMsg.fileType);
    for await (const row of table.rows) {
      if (row.problem) throw new BatchFileRefusal(BatchMsg.fileType);
      if (!rows.add(row.cells)) break;
    }
    return { rows: rows.rows, encoding: table.encoding };
  } catch (error) {
    if (error instanceof TableFileError) throw new BatchFileRefusal(BatchMsg.fileType);
    throw error;
  }
}
