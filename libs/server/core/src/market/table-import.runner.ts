import type { DataSource, EntityManager } from 'typeorm';
import type { MarketImportKind } from '@valuation/contracts';
import type { ImportReportBuilder } from './import-report.builder';
import { FieldError } from '@valuation/domain';
import type { TableRow } from '../tables';

/** One documented column of an import file. */
export interface ImportColumn<F extends string = string> {
  field: F;
  /** Header texts that name the column: the English name first, then the Chinese ones. */
  headers: readonly string[];
  required?: boolean;
  /** What the column holds and how it is written, shown to users. */
  description: string;
}

/** A parsed row waiting in a batch, with the line it came from. */
export interface PendingRow<R> {
  line: number;
  row: R;
}

export interface TableImportSpec<F extends string, R> {
  kind: MarketImportKind;
  columns: ReadonlyArray<ImportColumn<F>>;
  /** Turns the texts of one row into a record; throws FieldError or RowError with the reason. */
  parse(values: RowValues<F>, line: number): R;
  /** Writes one batch in one transaction; rejects rows it cannot write and counts the others. */
  flush(manager: EntityManager, rows: ReadonlyArray<PendingRow<R>>, report: ImportReportBuilder): Promise<void>;
}

/** Every problem of one row, reported together. */
export class RowError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('；'));
    this.name = 'RowError';
  }
}

/**
 * The texts of one row by field, and a way to parse each of them that collects every problem of
 * the row instead of stopping at the first one.
 */
export class RowValues<F extends string> {
  private readonly problems: string[] = [];

  constructor(
    private readonly texts: ReadonlyMap<F, string>,
    private readonly labels: ReadonlyMap<F, string>,
  ) {}

  /** The trimmed text of the field ('' when the column is absent or the cell empty). */
  text(field: F): string {
    return (this.texts.get(field) ?? '').trim();
  }

  has(field: F): boolean {
    return this.text(field) !== '';
  }

  /** Parses the field; a failure is recorded and gives null. */
  parse<T>(field: F, parser: (text: string) => T | null): T | null {
    const text = this.text(field);
    if (text === '') return null;
    try {
      return parser(text);
    } catch (error) {
      if (error instanceof FieldError) {
        this.problems.push(error.message);
        return null;
      }
      throw error;
    }
  }

  /** Like parse, but an empty cell is a problem too. */
  required<T>(field: F, parser: (text: string) => T | null): T | null {
    if (!this.has(field)) {
      this.problem(`${this.labels.get(field) ?? field}不能为空`);
      return null;
    }
    return this.parse(field, parser);
  }

  /** Text up to `max` characters. */
  string(field: F, max: number, required = false): string | null {
    const text = this.text(field);
    if (text === '') {
      if (required) this.problem(`${this.labels.get(field) ?? field}不能为空`);
      return null;
    }
    if ([...text].length > max) {
      this.problem(`${this.labels.get(field) ?? field}超过 ${max} 个字`);
      return null;
    }
    return text;
  }

  problem(message: string): void {
    this.problems.push(message);
  }

  /** Throws RowError when any problem was found. */
  check(): void {
    if (this.problems.length > 0) throw new RowError(this.problems);
  }
}

/** A value a parse has checked; only a programming error makes it null here. */
export function present<T>(value: T | null): T {
  if (value === null) throw new Error('a required value is missing after the row was checked');
  return value;
}

/** Header text as compared: no spaces, no unit in brackets, lower case, full-width folded. */
export function normalizeHeader(text: string): string {
  return text
    .replace(/^\ufeff/, '')
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[([【][^)\]】]*[)\]】]/g, '')
    .replace(/[\s_\-*]/g, '')
    .toLowerCase();
}

export const IMPORT_BATCH_SIZE = 500;
/** Rows (a title, a note) a file may have above its header row. */
const MAX_ROWS_ABOVE_HEADER = 3;

export interface TableImportOptions {
  batchSize?: number;
  /** Called after every batch with the number of rows handled so far. */
  onProgress?: (processed: number) => void | Promise<void>;
}

/**
 * Finds the header row (the first row naming every required column, after at most three title
 * rows), maps its columns to the fields of the spec, then parses every row and writes them in
 * batches. Rows that cannot be read or parsed go to the report with their line; blank rows are
 * skipped; a repeated header row is rejected.
 */
export async function runTableImport<F extends string, R>(
  dataSource: DataSource,
  rows: AsyncIterable<TableRow>,
  spec: TableImportSpec<F, R>,
  report: ImportReportBuilder,
  options: TableImportOptions = {},
): Promise<void> {
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const aliases = new Map<string, F>();
  for (const column of spec.columns) for (const header of column.headers) aliases.set(normalizeHeader(header), column.field);
  const labels = new Map<F, string>(spec.columns.map((c) => [c.field, c.headers[c.headers.length - 1]]));

  let header: { line: number; fields: Array<F | null>; key: string } | null = null;
  let firstCandidate: { line: number; reason: string } | null = null;
  let candidates = 0;
  let batch: Array<PendingRow<R>> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const pending = batch;
    batch = [];
    await dataSource.transaction((manager) => spec.flush(manager, pending, report));
    await options.onProgress?.(report.processed);
  };

  for await (const row of rows) {
    if (row.problem) {
      report.reject(row.line, row.problem);
      continue;
    }
    const cells = row.cells.map((c) => c.trim());
    if (cells.every((c) => c === '')) continue;
    if (header === null) {
      const fields = cells.map((c) => aliases.get(normalizeHeader(c)) ?? null);
      const missing = spec.columns.filter((c) => c.required && !fields.includes(c.field));
      if (missing.length === 0) {
        header = { line: row.line, fields, key: cells.map(normalizeHeader).join('\u0001') };
        continue;
      }
      // Templates often put a title or a note above the header row; a few such rows are skipped.
      if (firstCandidate === null) {
        const names = missing.map((c) => `${c.headers[c.headers.length - 1]}（${c.headers[0]}）`).join('、');
        firstCandidate = { line: row.line, reason: `表头缺少必填列：${names}；文件未导入` };
      }
      if (++candidates > MAX_ROWS_ABOVE_HEADER) break;
      continue;
    }
    if (cells.map(normalizeHeader).join('\u0001') === header.key) {
      report.reject(row.line, '重复的表头行');
      continue;
    }
    const texts = new Map<F, string>();
    header.fields.forEach((field, i) => {
      if (field !== null && !texts.has(field)) texts.set(field, cells[i] ?? '');
    });
    try {
      batch.push({ line: row.line, row: spec.parse(new RowValues(texts, labels), row.line) });
    } catch (error) {
      if (error instanceof RowError || error instanceof FieldError) report.reject(row.line, error.message);
      else throw error;
    }
    if (batch.length >= batchSize) await flush();
  }
  if (header === null) {
    if (firstCandidate) report.reject(firstCandidate.line, firstCandidate.reason);
    else report.reject(1, '文件为空：没有表头行');
    return;
  }
  await flush();
}
