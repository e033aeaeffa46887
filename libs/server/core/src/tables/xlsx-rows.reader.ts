import path from 'node:path';
import * as XLS from '@e965/xlsx';
import { cellText, excelSerialDate, isBuiltInDateFormat, unescapeOoxml } from './cell-text';
import { MAX_CELL_CHARS, TableFileError, TableFileMsg, tooManyCells, tooManyColumns, type TableReadLimits } from './table-limits';
import { XmlScanner, type XmlHandlers } from './xml-scanner';
import type { ZipArchive } from './zip-archive';

/** One row of a worksheet: its number (1-based) and its cells as text, without empty cells at the end. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** How much of a workbook is read (see TableReadLimits). */
export type XlsxLimits = Omit<TableReadLimits, 'maxBytes' | 'maxXlsBytes'>;

/** Thrown for a ZIP archive that holds no worksheet to read. */
export class NotAWorkbookError extends Error {
  constructor() {
    super('the archive holds no worksheet');
    this.name = 'NotAWorkbookError';
  }
}

/** Rows handed from the XML scanner to the reader at a time. */
const ROW_BATCH = 256;
/** Largest part read besides the worksheet and the shared strings (relationships, the workbook, the styles), once inflated. */
const MAX_META_BYTES = 32 * 1024 * 1024;
/** Most relationships, sheets, number formats and cell styles kept from those parts (Excel allows 64,000 cell styles). */
const MAX_META_ENTRIES = 65_536;
/** Parts this small are not held to the compression ratio: short XML compresses unevenly. */
const RATIO_GRACE_BYTES = 1024 * 1024;
/** Characters of a worksheet read ahead for its dimension and its first row. */
const SHAPE_SCAN_CHARS = 1024 * 1024;

const tooLarge = () => new TableFileError(TableFileMsg.excelTooLarge, 'too-large');
const tooLong = () => new TableFileError(TableFileMsg.cellTooLong(MAX_CELL_CHARS), 'too-long');

interface Relationship {
  type: string;
  target: string;
}

/** Feeds a part to a scanner. */
async function scan(archive: ZipArchive, name: string, maxBytes: number, handlers: XmlHandlers): Promise<void> {
  const scanner = new XmlScanner(handlers);
  for await (const text of archive.text(name, maxBytes)) scanner.write(text);
  scanner.end();
}

/** The part a relationship points to, as a name in the archive. */
function partName(base: string, target: string): string {
  const name = target.startsWith('/') ? target : path.posix.join(path.posix.dirname(base), target);
  return path.posix.normalize(name).replace(/^\/+/, '');
}

/** The relationships of a part (`xl/workbook.xml` → `xl/_rels/workbook.xml.rels`), by id. */
async function relationships(archive: ZipArchive, part: string): Promise<Map<string, Relationship>> {
  const rels = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
  const found = new Map<string, Relationship>();
  await scan(archive, rels, MAX_META_BYTES, {
    open(name, a) {
      if (name === 'Relationship' && a.Id && a.Target && a.TargetMode !== 'External' && found.size < MAX_META_ENTRIES) {
        found.set(a.Id, { type: a.Type ?? '', target: partName(part, a.Target) });
      }
    },
  });
  return found;
}

const ofType = (rels: Map<string, Relationship>, type: string) =>
  [...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.target ?? null;

/** The first visible worksheet of the workbook (the first one when all are hidden), and whether dates count from 1904. */
async function firstWorksheet(
  archive: ZipArchive,
  workbook: string,
  rels: Map<string, Relationship>,
): Promise<{ sheet: string | null; date1904: boolean }> {
  const sheets: { target: string; hidden: boolean }[] = [];
  let date1904 = false;
  await scan(archive, workbook, MAX_META_BYTES, {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name === 'sheet' && sheets.length < MAX_META_ENTRIES) {
        const rel = a.id ? rels.get(a.id) : undefined;
        if (rel?.type.endsWith('/worksheet') && archive.has(rel.target))
          sheets.push({ target: rel.target, hidden: !!a.state && a.state !== 'visible' });
      }
    },
  });
  return { sheet: (sheets.find((s) => !s.hidden) ?? sheets[0])?.target ?? null, date1904 };
}

/**
 * The shared strings: rich text runs joined, phonetic runs left out. They are held in memory, so
 * their number is limited as well as the size of their part.
 */
async function sharedStrings(archive: ZipArchive, part: string | null, limits: XlsxLimits): Promise<string[]> {
  const strings: string[] = [];
  if (!part) return strings;
  let current: string[] | null = null;
  let length = 0;
  let inText = false;
  let phonetic = 0;
  await scan(archive, part, limits.maxSharedStringBytes, {
    open(name, _a, selfClosing) {
      if (name === 'si') {
        if (strings.length >= limits.maxSharedStrings) throw tooLarge();
        current = [];
        length = 0;
      } else if (name === 'rPh' && !selfClosing) phonetic++;
      else if (name === 't' && !phonetic) inText = !selfClosing;
    },
    close(name) {
      if (name === 'si' && current) {
        strings.push(unescapeOoxml(current.join('')));
        current = null;
      } else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 't') inText = false;
    },
    text(text) {
      if (!inText || !current) return;
      length += text.length;
      if (length > MAX_CELL_CHARS) throw tooLong();
      current.push(text);
    },
  });
  return strings;
}

/** Which cell styles (indexes of cellXfs) show a date or time. */
async function dateStyles(archive: ZipArchive, part: string | null): Promise<boolean[]> {
  const formats = new Map<number, string>();
  const styles: number[] = [];
  if (!part) return [];
  let inCellXfs = false;
  await scan(archive, part, MAX_META_BYTES, {
    open(name, a, selfClosing) {
      if (name === 'numFmt' && a.numFmtId && formats.size < MAX_META_ENTRIES) formats.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = !selfClosing;
      else if (name === 'xf' && inCellXfs && styles.length < MAX_META_ENTRIES) styles.push(Number(a.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles.map((id) => {
    const code = formats.get(id);
    return code === undefined ? isBuiltInDateFormat(id) : XLS.SSF.is_date(code);
  });
}

/** Column index (0-based) of a cell reference such as `AB12`; null when it has no letters. */
function columnOf(ref: string): number | null {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return i === 0 ? null : col - 1;
}

interface SheetContext {
  strings: string[];
  dates: boolean[];
  date1904: boolean;
}

/** The text of one cell from its type, style and the text of its value (`<v>`) or inline string (`<is>`). */
function cellValue(type: string, style: number, value: string, ctx: SheetContext): string {
  switch (type) {
    case 's':
      return value === '' ? '' : (ctx.strings[Number(value)] ?? '');
    case 'str':
    case 'inlineStr':
      return unescapeOoxml(value);
    case 'b':
      return value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    case 'd': {
      // An ISO 8601 date, read as UTC like the serial dates unless it names its offset.
      const iso = value.includes('T') ? value : `${value}T00:00:00`;
      const date = new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(iso) ? iso : `${iso}Z`);
      return Number.isNaN(date.getTime()) ? value : cellText(date);
    }
    default: {
      if (value === '') return '';
      const n = Number(value);
      if (Number.isNaN(n)) return value;
      return cellText(ctx.dates[style] ? excelSerialDate(n, ctx.date1904) : n);
    }
  }
}

/** Refuses a dimension (`A1:N10001`) wider than the columns or larger than the cells allowed; a dimension it cannot read passes. */
function checkDimension(ref: string, limits: XlsxLimits): void {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?$/.exec(ref.trim());
  if (!m) return;
  const [first, last] = [columnOf(m[1])!, columnOf(m[3] ?? m[1])!];
  const [top, bottom] = [Number(m[2]), Number(m[4] ?? m[2])];
  if (Math.max(first, last) >= limits.maxColumns) throw tooManyColumns(limits.maxColumns);
  if ((Math.abs(bottom - top) + 1) * (Math.abs(last - first) + 1) > limits.maxCells) throw tooManyCells(limits.maxCells);
}

/**
 * Reads the beginning of a worksheet (at most SHAPE_SCAN_CHARS, whatever its size), up to the end
 * of its first row, and refuses it when its dimension or that row is wider than the columns
 * allowed, or the dimension holds more cells: a sheet that is too wide or too long is refused at
 * once, and says so, before its size is looked at.
 */
async function checkSheetShape(archive: ZipArchive, part: string, limits: XlsxLimits): Promise<void> {
  let done = false;
  let col = -1;
  const scanner = new XmlScanner({
    open(name, a) {
      if (done) return;
      if (name === 'dimension' && a.ref) checkDimension(a.ref, limits);
      else if (name === 'c') {
        col = (a.r ? columnOf(a.r) : null) ?? col + 1;
        if (col >= limits.maxColumns) throw tooManyColumns(limits.maxColumns);
      }
    },
    close(name) {
      if (name === 'row' || name === 'sheetData') done = true;
    },
  });
  let read = 0;
  for await (const text of archive.text(part, Number.MAX_SAFE_INTEGER)) {
    scanner.write(text);
    read += text.length;
    if (done || read > SHAPE_SCAN_CHARS) break;
  }
}

/** Rows of one worksheet part, streamed; rows whose cells are all empty are left out. */
async function* worksheetRows(archive: ZipArchive, part: string, ctx: SheetContext, limits: XlsxLimits): AsyncGenerator<SheetRow> {
  let ready: SheetRow[] = [];
  let line = 0;
  let cells: string[] = [];
  let count = 0;
  let col = -1;
  let type = 'n';
  let style = 0;
  let value: string[] = [];
  let length = 0;
  let capture: 'v' | 't' | null = null;
  let inInline = false;
  let phonetic = 0;
  const scanner = new XmlScanner({
    open(name, a, selfClosing) {
      switch (name) {
        case 'row':
          line = a.r ? Number(a.r) : line + 1;
          cells = [];
          col = -1;
          break;
        case 'c':
          col = (a.r ? columnOf(a.r) : null) ?? col + 1;
          if (col >= limits.maxColumns) throw tooManyColumns(limits.maxColumns);
          if (++count > limits.maxCells) throw tooManyCells(limits.maxCells);
          type = a.t ?? 'n';
          style = a.s ? Number(a.s) : 0;
          value = [];
          length = 0;
          break;
        case 'v':
          if (!inInline) capture = selfClosing ? null : 'v';
          break;
        case 'is':
          inInline = !selfClosing;
          break;
        case 'rPh':
          if (!selfClosing) phonetic++;
          break;
        case 't':
          if (inInline && !phonetic) capture = selfClosing ? null : 't';
          break;
      }
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          capture = null;
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          phonetic = Math.max(0, phonetic - 1);
          break;
        case 'c':
          if (col >= 0) {
            const text = cellValue(type, style, value.join(''), ctx);
            if (text !== '') {
              while (cells.length < col) cells.push('');
              cells[col] = text;
            }
          }
          break;
        case 'row':
          if (cells.length > 0) ready.push({ line, cells });
          cells = [];
          break;
      }
    },
    text(text) {
      if (!capture) return;
      length += text.length;
      if (length > MAX_CELL_CHARS) throw tooLong();
      value.push(text);
    },
  });
  for await (const text of archive.text(part, limits.maxPartBytes)) {
    scanner.write(text);
    if (ready.length >= ROW_BATCH) {
      const rows = ready;
      ready = [];
      yield* rows;
    }
  }
  scanner.end();
  yield* ready;
}

/**
 * Refuses, from the central directory alone, an archive whose parts inflate to more than the
 * limit together, or a part over 1 MB that inflates more than maxCompressionRatio times (a zip
 * bomb); reading a part later holds it to the size the directory gives.
 */
function checkArchive(archive: ZipArchive, limits: XlsxLimits): void {
  let total = 0;
  for (const entry of archive.list()) {
    total += entry.size;
    if (total > limits.maxUncompressedBytes) throw tooLarge();
    if (entry.size > RATIO_GRACE_BYTES && entry.size > entry.compressedSize * limits.maxCompressionRatio) throw tooLarge();
  }
}

/**
 * The rows of the first worksheet of an XLSX workbook. Before anything large is read, the
 * worksheet's dimension and first row are checked against the columns and cells allowed, and the
 * archive from its central directory (sizes, compression ratios, the sizes of the worksheet and
 * the shared strings). The shared strings and styles are read next, whatever the order of the
 * parts, and the worksheet is streamed, every cell counted and held to the limits. Throws
 * NotAWorkbookError for an archive without a worksheet and TableFileError for one over the limits.
 */
export async function* xlsxRows(archive: ZipArchive, limits: XlsxLimits): AsyncGenerator<SheetRow> {
  const root = await relationships(archive, '');
  const workbook = ofType(root, 'officeDocument') ?? 'xl/workbook.xml';
  if (!archive.has(workbook)) throw new NotAWorkbookError();
  const rels = await relationships(archive, workbook);
  const { sheet, date1904 } = await firstWorksheet(archive, workbook, rels);
  if (!sheet) throw new NotAWorkbookError();
  await checkSheetShape(archive, sheet, limits);
  checkArchive(archive, limits);
  const stringsPart = ofType(rels, 'sharedStrings');
  const stylesPart = ofType(rels, 'styles');
  if (archive.sizeOf(sheet) > limits.maxPartBytes) throw tooLarge();
  if (stringsPart && archive.sizeOf(stringsPart) > limits.maxSharedStringBytes) throw tooLarge();
  if (stylesPart && archive.sizeOf(stylesPart) > MAX_META_BYTES) throw tooLarge();
  const strings = await sharedStrings(archive, stringsPart, limits);
  const dates = await dateStyles(archive, stylesPart);
  yield* worksheetRows(archive, sheet, { strings, dates, date1904 }, limits);
}
