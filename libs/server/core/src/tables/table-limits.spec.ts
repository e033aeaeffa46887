import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import * as XLS from '@e965/xlsx';
import { columnName, SHARED_STRINGS_PART, SHEET_PART, sheetRow, worksheet, xlsxWorkbook } from '@valuation/testing';
import { openTableFile, type TableRow } from './table-file.reader';
import {
  DEFAULT_TABLE_LIMITS,
  MAX_CELL_CHARS,
  TableFileError,
  TableFileMsg,
  type TableFileProblem,
  type TableReadLimits,
} from './table-limits';
import { MAX_TAG_CHARS, XmlScanner } from './xml-scanner';

const MB = 1024 * 1024;

async function readAll(input: Buffer | Readable, limits: Partial<TableReadLimits> = {}): Promise<TableRow[]> {
  const file = await openTableFile(input, limits);
  const rows: TableRow[] = [];
  for await (const row of file.rows) rows.push(row);
  return rows;
}

/** What reading the file ends in: its rows, or the problem and message it is refused with. */
async function outcome(input: Buffer | Readable, limits: Partial<TableReadLimits> = {}) {
  try {
    return { rows: (await readAll(input, limits)).length };
  } catch (error) {
    if (error instanceof TableFileError) return { problem: error.problem, message: error.message };
    throw error;
  }
}

const refused = (problem: TableFileProblem, message?: string) =>
  message ? { problem, message } : { problem, message: expect.any(String) };

/** A sheet of one header row referring to the first shared string. */
const ONE_ROW = worksheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', 'A1');

/** Rows of `columns` numeric cells without references, `rows` times: 2,007 columns take some 30 KB a row. */
const wideRows = (columns: number, rows: number) => ({ unit: `<row>${'<c><v>1</v></c>'.repeat(columns)}</row>`, times: rows });

describe('the table reader refuses workbooks that would take more than their limits', () => {
  it('refuses a zip bomb (2.2 GB of shared strings in a 5 MB file) from its directory, before inflating it', async () => {
    const bomb = xlsxWorkbook({
      sheet: ONE_ROW,
      sharedStrings: { head: '<sst>', unit: `<si><t>${'a'.repeat(1000)}</t></si>`, times: 2_200_000, tail: '</sst>' },
    });
    expect(bomb.length).toBeLessThan(5 * MB);
    const heap = process.memoryUsage().heapUsed;
    const started = Date.now();
    expect(await outcome(bomb)).toEqual(refused('too-large', TableFileMsg.excelTooLarge));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(64 * MB);
  });

  it('refuses a part under the size limits that inflates more than 100 times (60 MB of tiny shared strings)', async () => {
    const strings = { head: '<sst>', unit: '<si><t>a</t></si>', times: 3_500_000, tail: '</sst>' };
    expect(await outcome(xlsxWorkbook({ sheet: ONE_ROW, sharedStrings: strings }))).toEqual(
      refused('too-large', TableFileMsg.excelTooLarge),
    );
    // The same strings at a ratio a workbook has are read.
    const few = { ...strings, times: 2000 };
    expect(await outcome(xlsxWorkbook({ sheet: ONE_ROW, sharedStrings: few, stored: [SHARED_STRINGS_PART] }))).toEqual({ rows: 1 });
  });

  it('refuses a part that inflates to more than its directory says, as soon as it does', async () => {
    const strings = { head: '<sst>', unit: '<si><t>a</t></si>', times: 3_500_000, tail: '</sst>' };
    // The directory claims 2 MB, a ratio that passes; the part holds 60 MB.
    const lying = xlsxWorkbook({ sheet: ONE_ROW, sharedStrings: strings, declaredSizes: { [SHARED_STRINGS_PART]: 2 * MB } });
    expect(await outcome(lying)).toEqual(refused('unreadable', TableFileMsg.unreadableExcel));
  });

  it('refuses an archive whose parts add up to more than maxUncompressedBytes', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => sheetRow(i + 1, [`小区${i}`, String(i)])).join('');
    const workbook = xlsxWorkbook({ sheet: worksheet(rows, 'A1:B200') });
    expect(await outcome(workbook)).toEqual({ rows: 200 });
    expect(await outcome(workbook, { maxUncompressedBytes: 10_000 })).toEqual(refused('too-large', TableFileMsg.excelTooLarge));
  });

  it('refuses a 10,001 x 2,007 sheet at once from its dimension, or from its first row when it has none', async () => {
    const dimension = `A1:${columnName(2006)}10001`;
    expect(columnName(2006)).toBe('BYE');
    // Shared strings that could not be read (a bomb) show the sheet is refused before them.
    const bombStrings = { head: '<sst>', unit: `<si><t>${'a'.repeat(1000)}</t></si>`, times: 2_200_000, tail: '</sst>' };
    for (const sheet of [worksheet(wideRows(2007, 10_001), dimension), worksheet(wideRows(2007, 10_001))]) {
      const started = Date.now();
      expect(await outcome(xlsxWorkbook({ sheet, sharedStrings: bombStrings }))).toEqual(
        refused('too-many-columns', TableFileMsg.tooManyColumns(DEFAULT_TABLE_LIMITS.maxColumns)),
      );
      expect(await outcome(xlsxWorkbook({ sheet }), { maxColumns: 100 })).toEqual(
        refused('too-many-columns', TableFileMsg.tooManyColumns(100)),
      );
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('refuses a dimension holding more cells than maxCells, and counts the cells of a sheet without one', async () => {
    const rows = wideRows(10, 1000);
    expect(await outcome(xlsxWorkbook({ sheet: worksheet(rows, 'A1:J1000') }), { maxCells: 9_999 })).toEqual(
      refused('too-many-cells', TableFileMsg.tooManyCells(9_999)),
    );
    expect(await outcome(xlsxWorkbook({ sheet: worksheet(rows) }), { maxCells: 9_999 })).toEqual(refused('too-many-cells'));
    expect(await outcome(xlsxWorkbook({ sheet: worksheet(rows) }), { maxCells: 10_000 })).toEqual({ rows: 1000 });
  });

  it('refuses a row wider than maxColumns further down a sheet whose dimension and first row pass', async () => {
    const sheet = worksheet(
      `${sheetRow(1, ['a', 'b'])}${sheetRow(2, ['c'])}<row r="3"><c r="${columnName(120)}3"><v>1</v></c></row>`,
      'A1:B3',
    );
    expect(await outcome(xlsxWorkbook({ sheet }), { maxColumns: 100 })).toEqual(
      refused('too-many-columns', TableFileMsg.tooManyColumns(100)),
    );
    expect(await outcome(xlsxWorkbook({ sheet }), { maxColumns: 121 })).toEqual({ rows: 3 });
  });

  it('refuses more shared strings than maxSharedStrings', async () => {
    const strings = { head: '<sst>', unit: '<si><t>小区</t></si>', times: 1001, tail: '</sst>' };
    const workbook = xlsxWorkbook({ sheet: ONE_ROW, sharedStrings: strings, stored: [SHARED_STRINGS_PART] });
    expect(await outcome(workbook, { maxSharedStrings: 1000 })).toEqual(refused('too-large', TableFileMsg.excelTooLarge));
    expect(await outcome(workbook, { maxSharedStrings: 1001 })).toEqual({ rows: 1 });
  });

  it('refuses a cell or a shared string longer than Excel allows', async () => {
    const long = 'x'.repeat(MAX_CELL_CHARS + 1);
    const inSheet = xlsxWorkbook({ sheet: worksheet(sheetRow(1, [long]), 'A1'), stored: [SHEET_PART] });
    expect(await outcome(inSheet)).toEqual(refused('too-long', TableFileMsg.cellTooLong(MAX_CELL_CHARS)));
    const shared = xlsxWorkbook({ sheet: ONE_ROW, sharedStrings: `<sst><si><t>${long}</t></si></sst>`, stored: [SHARED_STRINGS_PART] });
    expect(await outcome(shared)).toEqual(refused('too-long'));
    const longest = xlsxWorkbook({ sheet: worksheet(sheetRow(1, [long.slice(1)]), 'A1'), stored: [SHEET_PART] });
    expect(await readAll(longest)).toEqual([{ line: 1, cells: [long.slice(1)] }]);
  });

  it('refuses a tag that never ends once it is longer than any tag of a workbook', async () => {
    // Text that does not compress: an attribute value of 4 MB, never closed.
    const open = `<worksheet><sheetData><row r="1"><c r="A1" x="${randomBytes(3 * MB).toString('base64')}`;
    expect(await outcome(xlsxWorkbook({ sheet: open }))).toEqual(refused('unreadable', TableFileMsg.unreadableExcel));
  });
});

describe('the table reader holds CSV and XLS files to the same limits', () => {
  it('refuses a CSV record wider than maxColumns, from memory and from a stream', async () => {
    const csv = Buffer.from(`${Array.from({ length: 2007 }, (_, i) => `列${i}`).join(',')}\n${'1,'.repeat(2006)}1\n`);
    expect(await outcome(csv)).toEqual(refused('too-many-columns', TableFileMsg.tooManyColumns(DEFAULT_TABLE_LIMITS.maxColumns)));
    expect(await outcome(Readable.from([csv]), { maxColumns: 100 })).toEqual(refused('too-many-columns', TableFileMsg.tooManyColumns(100)));
    expect(await outcome(csv, { maxColumns: 2007 })).toEqual({ rows: 2 });
  });

  it('refuses a CSV file with more cells than maxCells', async () => {
    const csv = Buffer.from('a,b,c\n'.repeat(100));
    expect(await outcome(csv, { maxCells: 299 })).toEqual(refused('too-many-cells', TableFileMsg.tooManyCells(299)));
    expect(await outcome(Readable.from([csv]), { maxCells: 300 })).toEqual({ rows: 100 });
  });

  it('refuses a CSV record longer than 1 MB (a quote never closed) instead of gathering the rest of the file', async () => {
    const csv = Buffer.concat([Buffer.from('a,b\n1,"'), Buffer.alloc(3 * MB, 'x'), Buffer.from('\n2,3\n')]);
    for (const input of [() => csv, () => Readable.from([csv.subarray(0, MB), csv.subarray(MB, 2 * MB), csv.subarray(2 * MB)])]) {
      expect(await outcome(input())).toEqual(refused('too-long', TableFileMsg.recordTooLong(MB)));
    }
    const quoted = Buffer.from(`a,b\n1,"${'x'.repeat(1000)}\n${'y'.repeat(1000)}"\n`);
    expect(await readAll(quoted)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', `${'x'.repeat(1000)}\n${'y'.repeat(1000)}`] },
    ]);
  });

  it('refuses a legacy workbook wider than maxColumns or with more cells than maxCells', async () => {
    const book = XLS.utils.book_new();
    XLS.utils.book_append_sheet(
      book,
      XLS.utils.aoa_to_sheet(Array.from({ length: 10 }, () => Array.from({ length: 30 }, (_, c) => c))),
      'a',
    );
    const xls: Buffer = XLS.write(book, { type: 'buffer', bookType: 'biff8' });
    expect(await outcome(xls, { maxColumns: 20 })).toEqual(refused('too-many-columns', TableFileMsg.tooManyColumns(20)));
    expect(await outcome(xls, { maxCells: 299 })).toEqual(refused('too-many-cells', TableFileMsg.tooManyCells(299)));
    expect(await outcome(xls, { maxColumns: 30, maxCells: 300 })).toEqual({ rows: 10 });
  });
});

describe('XmlScanner holds no more than a tag', () => {
  /** Feeds `chunks` chunks of 16 KB after `head`, as an inflated part arrives. */
  function feed(scanner: XmlScanner, head: string, filler: string, chunks: number) {
    scanner.write(head);
    const chunk = filler.repeat(Math.ceil((16 * 1024) / filler.length));
    for (let i = 0; i < chunks; i++) scanner.write(chunk);
  }

  it('passes CDATA and text on as they arrive, and skips comments without holding them', () => {
    let received = 0;
    const counting = () => new XmlScanner({ text: (t) => (received += t.length) });
    feed(counting(), '<t><![CDATA[', 'abcdefgh', 640);
    expect(received).toBeGreaterThan(10 * MB - 16 * 1024);
    received = 0;
    feed(counting(), '<t>', 'a &amp; b ', 640);
    expect(received).toBeGreaterThan(6 * MB);
    const started = Date.now();
    feed(new XmlScanner({}), '<!--', 'comment ', 640);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps references split between chunks whole', () => {
    let text = '';
    const scanner = new XmlScanner({ text: (t) => (text += t) });
    for (const chunk of ['<t>a &a', 'm', 'p; b &#x4E', '2D; c &lt', ';</t>']) scanner.write(chunk);
    expect(text).toBe('a & b 中 c <');
  });

  it('refuses a tag longer than MAX_TAG_CHARS, however it is split', () => {
    expect(() => feed(new XmlScanner({}), '<c r="A1" x="', 'y'.repeat(1000), MAX_TAG_CHARS / 1000 + 1)).toThrow(TableFileError);
    const opened: string[] = [];
    feed(new XmlScanner({ open: (name) => opened.push(name) }), `<c x="${'y'.repeat(MAX_TAG_CHARS - 100)}`, '">', 1);
    expect(opened).toEqual(['c']);
  });
});
