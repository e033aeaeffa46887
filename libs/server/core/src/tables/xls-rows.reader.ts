import * as XLS from '@e965/xlsx';
import { cellText, excelSerialDate } from './cell-text';
import { tooManyCells, tooManyColumns, type TableReadLimits } from './table-limits';
import type { SheetRow } from './xlsx-rows.reader';

/** A legacy Excel cell as the value cellText reads: date-formatted serial numbers become UTC dates. */
function xlsCellValue(cell: XLS.CellObject | undefined, date1904: boolean): unknown {
  if (!cell || cell.t === 'e' || cell.t === 'z') return null;
  if (cell.t === 'n' && typeof cell.z === 'string' && XLS.SSF.is_date(cell.z)) return excelSerialDate(cell.v as number, date1904);
  return cell.v;
}

/**
 * The rows of the first worksheet of a legacy Excel (BIFF, .xls) workbook, read whole with
 * SheetJS (the format holds at most 65,536 rows of 256 columns; the file's size bounds the
 * memory); rows whose cells are all empty are left out. A sheet wider than `maxColumns` or with
 * more than `maxCells` cells in its range is refused (TableFileError). Throws what SheetJS throws
 * for a compound document that is not a readable workbook.
 */
export function* xlsRows(bytes: Buffer, limits: Pick<TableReadLimits, 'maxColumns' | 'maxCells'>): Generator<SheetRow> {
  const workbook = XLS.read(bytes, { type: 'buffer', dense: true, cellNF: true, cellHTML: false, cellFormula: false, cellText: false });
  const name = workbook.SheetNames[0];
  if (!name) return;
  const sheet = workbook.Sheets[name];
  if (sheet['!ref']) {
    const { s: start, e: end } = XLS.utils.decode_range(sheet['!ref']);
    if (end.c >= limits.maxColumns) throw tooManyColumns(limits.maxColumns);
    if ((end.r - start.r + 1) * (end.c - start.c + 1) > limits.maxCells) throw tooManyCells(limits.maxCells);
  }
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const data = (sheet['!data'] ?? []) as (XLS.CellObject[] | undefined)[];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    if (row.length > limits.maxColumns) throw tooManyColumns(limits.maxColumns);
    const cells = Array.from({ length: row.length }, (_, c) => cellText(xlsCellValue(row[c], date1904)));
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length > 0) yield { line: r + 1, cells };
  }
}
