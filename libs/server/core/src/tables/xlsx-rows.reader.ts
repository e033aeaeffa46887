import path from 'node:path';
import * as XLS from '@e965/xlsx';
import { cellText, excelSerialDate, isBuiltInDateFormat, unescapeOoxml } from './cell-text';
import { XmlScanner, type XmlHandlers } from './xml-scanner';
import type { ZipArchive } from './zip-archive';

/** One row of a worksheet: its number (1-based) and its cells as text, without empty cells at the end. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** How much of a workbook is read: inflated bytes per part (the shared strings are held in memory). */
export interface XlsxLimits {
  maxPartBytes: number;
  maxSharedStringBytes: number;
}

/** Thrown for a ZIP archive that holds no worksheet to read. */
export class NotAWorkbookError extends Error {
  constructor() {
    super('the archive holds no worksheet');
    this.name = 'NotAWorkbookError';
  }
}

/** Rows handed from the XML scanner to the reader at a time. */
const ROW_BATCH = 256;
/** Columns of a worksheet (XFD); cells beyond are ignored. */
const MAX_COLUMNS = 16_384;

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
async function relationships(archive: ZipArchive, part: string, limits: XlsxLimits): Promise<Map<string, Relationship>> {
  const rels = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
  const found = new Map<string, Relationship>();
  await scan(archive, rels, limits.maxPartBytes, {
    open(name, a) {
      if (name === 'Relationship' && a.Id && a.Target && a.TargetMode !== 'External') {
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
  limits: XlsxLimits,
): Promise<{ sheet: string | null; date1904: boolean }> {
  const sheets: { target: string; hidden: boolean }[] = [];
  let date1904 = false;
  await scan(archive, workbook, limits.maxPartBytes, {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name === 'sheet') {
        const rel = a.id ? rels.get(a.id) : undefined;
        if (rel?.type.endsWith('/worksheet') && archive.has(rel.target))
          sheets.push({ target: rel.target, hidden: !!a.state && a.state !== 'visible' });
      }
    },
  });
  return { sheet: (sheets.find((s) => !s.hidden) ?? sheets[0])?.target ?? null, date1904 };
}

/** The shared strings: rich text runs joined, phonetic runs left out. */
async function sharedStrings(archive: ZipArchive, part: string | null, limits: XlsxLimits): Promise<string[]> {
  const strings: string[] = [];
  if (!part) return strings;
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  await scan(archive, part, limits.maxSharedStringBytes, {
    open(name, _a, selfClosing) {
      if (name === 'si') current = [];
      else if (name === 'rPh' && !selfClosing) phonetic++;
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
      if (inText && current) current.push(text);
    },
  });
  return strings;
}

/** Which cell styles (indexes of cellXfs) show a date or time. */
async function dateStyles(archive: ZipArchive, part: string | null, limits: XlsxLimits): Promise<boolean[]> {
  const formats = new Map<number, string>();
  const styles: number[] = [];
  if (!part) return [];
  let inCellXfs = false;
  await scan(archive, part, limits.maxPartBytes, {
    open(name, a, selfClosing) {
      if (name === 'numFmt' && a.numFmtId) formats.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = !selfClosing;
      else if (name === 'xf' && inCellXfs) styles.push(Number(a.numFmtId ?? 0));
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

/** Rows of one worksheet part, streamed; rows whose cells are all empty are left out. */
async function* worksheetRows(archive: ZipArchive, part: string, ctx: SheetContext, limits: XlsxLimits): AsyncGenerator<SheetRow> {
  let ready: SheetRow[] = [];
  let line = 0;
  let cells: string[] = [];
  let col = -1;
  let type = 'n';
  let style = 0;
  let value: string[] = [];
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
          type = a.t ?? 'n';
          style = a.s ? Number(a.s) : 0;
          value = [];
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
          if (col >= 0 && col < MAX_COLUMNS) {
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
      if (capture) value.push(text);
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
 * The rows of the first worksheet of an XLSX workbook. The archive is read through its central
 * directory, so the shared strings and styles are read first whatever the order of the parts;
 * the worksheet is then streamed. Throws NotAWorkbookError for an archive without a worksheet.
 */
export async function* xlsxRows(archive: ZipArchive, limits: XlsxLimits): AsyncGenerator<SheetRow> {
  const root = await relationships(archive, '', limits);
  const workbook = ofType(root, 'officeDocument') ?? 'xl/workbook.xml';
  if (!archive.has(workbook)) throw new NotAWorkbookError();
  const rels = await relationships(archive, workbook, limits);
  const { sheet, date1904 } = await firstWorksheet(archive, workbook, rels, limits);
  if (!sheet) throw new NotAWorkbookError();
  const strings = await sharedStrings(archive, ofType(rels, 'sharedStrings'), limits);
  const dates = await dateStyles(archive, ofType(rels, 'styles'), limits);
  yield* worksheetRows(archive, sheet, { strings, dates, date1904 }, limits);
}
