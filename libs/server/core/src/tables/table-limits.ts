/** Why a file cannot be read as a table. */
export type TableFileProblem =
  /** The content is no CSV, XLSX or XLS table. */
  | 'not-a-table'
  /** A workbook that cannot be read (damaged, encrypted, sizes that do not add up). */
  | 'unreadable'
  /** The file, a part of a workbook once inflated, or the workbook's shared strings are over their limits. */
  | 'too-large'
  | 'too-many-columns'
  | 'too-many-cells'
  /** One cell's text, or one CSV record, is longer than a table ever needs. */
  | 'too-long';

export const TableFileMsg = {
  notATable: '文件不是 CSV、XLSX 或 XLS 表格',
  unreadableExcel: '无法读取该 Excel 文件，请另存为 .xlsx 或 CSV 后再导入',
  excelTooLarge: 'Excel 文件过大，请另存为 CSV 后再导入',
  tooLarge: '文件过大',
  tooManyColumns: (max: number) => `表格不可超过${max}列，请删除多余的列后再导入`,
  tooManyCells: (max: number) => `表格不可超过${max}个单元格，请拆分后再导入`,
  cellTooLong: (max: number) => `单元格内容不可超过${max}个字符`,
  recordTooLong: (max: number) => `CSV 文件中有一行超过${max}个字符`,
} as const;

/** A file that is not a table this reader can read; the message says why, for the user, and `problem` for the caller. */
export class TableFileError extends Error {
  constructor(
    message: string,
    readonly problem: TableFileProblem = 'unreadable',
  ) {
    super(message);
    this.name = 'TableFileError';
  }
}

export interface TableReadLimits {
  /** Largest file read, in bytes. */
  maxBytes: number;
  /** Largest legacy Excel file, read whole. */
  maxXlsBytes: number;
  /** Largest part of an XLSX workbook (the worksheet) once inflated; it is streamed. */
  maxPartBytes: number;
  /** Largest shared strings part of an XLSX workbook once inflated; it is held in memory. */
  maxSharedStringBytes: number;
  /** Most shared strings an XLSX workbook may hold. */
  maxSharedStrings: number;
  /** Sum of the inflated sizes of all the parts of an XLSX workbook, as its ZIP directory gives them. */
  maxUncompressedBytes: number;
  /** Largest inflated size of a part over 1 MB divided by its compressed size (sheet XML compresses 10 to 20 times). */
  maxCompressionRatio: number;
  /** Columns of a row, counted from the first (A). */
  maxColumns: number;
  /** Cells of the sheet: the cells of its dimension, and the cells it holds. */
  maxCells: number;
}

export const DEFAULT_TABLE_LIMITS: TableReadLimits = {
  maxBytes: 1024 * 1024 * 1024,
  maxXlsBytes: 16 * 1024 * 1024,
  maxPartBytes: 2 * 1024 * 1024 * 1024,
  maxSharedStringBytes: 128 * 1024 * 1024,
  maxSharedStrings: 2_000_000,
  maxUncompressedBytes: 4 * 1024 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxColumns: 1000,
  maxCells: 100_000_000,
};

/** Excel's own limit on the text of one cell. */
export const MAX_CELL_CHARS = 32_767;
/** Longest CSV record read: a record longer than this is no row of a table. */
export const MAX_RECORD_CHARS = 1024 * 1024;

export const tooManyColumns = (max: number) => new TableFileError(TableFileMsg.tooManyColumns(max), 'too-many-columns');
export const tooManyCells = (max: number) => new TableFileError(TableFileMsg.tooManyCells(max), 'too-many-cells');
