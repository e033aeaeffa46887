import { isValidUtf8, openTableFile, sniffTableFormat, TableFileError, type TableReadLimits, type TextEncoding } from '@valuation/core';
import {
  BatchMsg,
  BATCH_COLUMNS,
  BATCH_MAX_COLUMNS,
  BATCH_MAX_FILE_BYTES,
  BATCH_MAX_ROWS,
  batchRowInput,
  matchBatchHeader,
  type BatchFileExtension,
  type BatchRowInput,
  type BatchColumn,
  type BatchColumnKey,
} from '@valuation/domain';
import { Slots } from '../../common/slots';

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

  constructor(private readonly columns: readonly BatchColumn[]) {}

  /** False once there are more rows than a file may have. */
  add(cells: readonly string[]): boolean {
    if (!this.keys) {
      if (cells.every((c) => !c || !c.trim())) return true;
      const header = matchBatchHeader(cells, this.columns);
      if (!header.ok) throw new BatchFileRefusal(BatchMsg.headerMismatch);
      this.keys = header.keys;
      return true;
    }
    const row = batchRowInput(cells, this.keys);
    if (row) this.rows.push(row);
    return this.rows.length <= BATCH_MAX_ROWS;
  }
}

const MB = 1024 * 1024;
/** Cells of a batch sheet: its rows (with room for blank ones) by its columns. */
const BATCH_MAX_CELLS = (BATCH_MAX_ROWS + 1000) * BATCH_MAX_COLUMNS;

/**
 * How much of an upload is read: the file itself was checked against BATCH_MAX_FILE_BYTES; the
 * parts of a workbook may not inflate beyond what 10,000 rows of BATCH_MAX_COLUMNS columns take
 * (a 10,000-row template file inflates to some 5 MB), nor more than 100 times.
 */
const BATCH_READ_LIMITS: TableReadLimits = {
  maxBytes: BATCH_MAX_FILE_BYTES,
  maxXlsBytes: BATCH_MAX_FILE_BYTES,
  maxPartBytes: 64 * MB,
  maxSharedStringBytes: 32 * MB,
  maxSharedStrings: BATCH_MAX_CELLS,
  maxUncompressedBytes: 128 * MB,
  maxCompressionRatio: 100,
  maxColumns: BATCH_MAX_COLUMNS,
  maxCells: BATCH_MAX_CELLS,
};

/** Files this process reads at once; the others wait their turn, so uploads at once cannot add up past the memory. */
const READS_AT_ONCE = 2;
const reads = new Slots(READS_AT_ONCE);

/** The dialog's message for a file the table reader refuses. */
function refusalOf(error: TableFileError): string {
  if (error.problem === 'too-many-columns') return BatchMsg.tooManyColumns;
  if (error.problem === 'too-many-cells') return BatchMsg.tooManyRows;
  return BatchMsg.fileType;
}

/**
 * The data rows of an uploaded file whose type was checked, by the columns of its template
 * (BATCH_COLUMNS, or LOAN_BOOK_COLUMNS for a loan book), read by the
 * table reader that market imports use too, within BATCH_READ_LIMITS and at most READS_AT_ONCE
 * files at a time. The first non-blank row is the header; blank rows are skipped; at most
 * BATCH_MAX_ROWS + 1 rows are read. A file that cannot be read, or a row that is not text,
 * refuses the whole file; a sheet over BATCH_MAX_COLUMNS columns or with more cells than
 * 10,000 rows of them is refused with its own message.
 */
export function readBatchFile(
  ext: BatchFileExtension,
  bytes: Buffer,
  columns: readonly BatchColumn[] = BATCH_COLUMNS,
): Promise<BatchFileContent> {
  return reads.run(async () => {
    const rows = new RowCollector(columns);
    try {
      const table = await openTableFile(bytes, BATCH_READ_LIMITS);
      if (table.format !== ext) throw new BatchFileRefusal(BatchMsg.fileType);
      for await (const row of table.rows) {
        if (row.problem) throw new BatchFileRefusal(BatchMsg.fileType);
        if (!rows.add(row.cells)) break;
      }
      return { rows: rows.rows, encoding: table.encoding };
    } catch (error) {
      if (error instanceof TableFileError) throw new BatchFileRefusal(refusalOf(error));
      throw error;
    }
  });
}
