import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import * as XLS from '@e965/xlsx';
import { openTableFile, type TableRow } from './table-rows.reader';

const HEADER = '小区编码,小区名称,城市,区县,地址\n';
const ROWS = ['BJ0001,阳光花园,北京,朝阳,朝阳区望京街12号', 'BJ0002,锦绣华庭,北京,海淀,海淀区中关村大街1号'];
const TEXT = HEADER + ROWS.join('\n') + '\n';

async function rowsOf(bytes: Buffer, chunkSize = 7): Promise<{ format: string; encoding: string | null; rows: TableRow[] }> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const file = await openTableFile(Readable.from(chunks));
  const rows: TableRow[] = [];
  for await (const row of file.rows) rows.push(row);
  return { format: file.format, encoding: file.encoding, rows };
}

describe('openTableFile on CSV', () => {
  it('reads the same rows from UTF-8, UTF-8 with BOM, GB18030 and UTF-16 bytes, split anywhere', async () => {
    const expected = [HEADER.trim(), ...ROWS].map((line) => line.split(','));
    for (const bytes of [
      Buffer.from(TEXT),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]),
      iconv.encode(TEXT, 'gb18030'),
      iconv.encode(TEXT.replace(/,/g, '\t'), 'utf-16le', { addBOM: true }),
    ]) {
      const { rows } = await rowsOf(bytes);
      expect(rows.map((r) => r.cells)).toEqual(expected);
      expect(rows.map((r) => r.line)).toEqual([1, 2, 3]);
    }
    expect((await rowsOf(iconv.encode(TEXT, 'gb18030'))).encoding).toBe('gb18030');
  });

  it('numbers records by the line they start on, across quoted line breaks and blank lines', async () => {
    const { rows } = await rowsOf(Buffer.from('a,b\n1,"two\nlines"\n\n3,4\n5,"bad"x\n'));
    expect(rows.map((r) => [r.line, r.cells])).toEqual([
      [1, ['a', 'b']],
      [2, ['1', 'two\nlines']],
      [5, ['3', '4']],
      [6, ['5', '"bad"x']],
    ]);
  });

  it('reports a record it cannot read with its line', async () => {
    const { rows } = await rowsOf(Buffer.from('a,b\n1,2\n3,"never closed\n'));
    expect(rows[1]).toEqual({ line: 2, cells: ['1', '2'] });
    expect(rows[2]).toMatchObject({ line: 3, cells: [], problem: expect.stringMatching(/^CSV 格式错误：/) });
  });
});

describe('openTableFile on XLS', () => {
  it('reads the first worksheet of a legacy workbook: Chinese text, numbers and dates as a user sees them', async () => {
    const book = XLS.utils.book_new();
    const sheet = XLS.utils.aoa_to_sheet(
      [
        ['小区名称', '面积', '成交日期'],
        ['锦绣华庭·朝阳区望京街12号院', 89.5, new Date(Date.UTC(2024, 2, 15))],
        [],
        ['阳光花园', 62, null],
      ],
      { cellDates: false },
    );
    XLS.utils.book_append_sheet(book, sheet, '小区');
    XLS.utils.book_append_sheet(book, XLS.utils.aoa_to_sheet([['其他']]), '其他');
    const bytes: Buffer = XLS.write(book, { type: 'buffer', bookType: 'biff8' });
    expect(bytes.readUInt32BE(0)).toBe(0xd0cf11e0);
    const { format, encoding, rows } = await rowsOf(bytes, 512);
    expect({ format, encoding }).toEqual({ format: 'xls', encoding: null });
    expect(rows).toEqual([
      { line: 1, cells: ['小区名称', '面积', '成交日期'] },
      { line: 2, cells: ['锦绣华庭·朝阳区望京街12号院', '89.5', '2024-03-15'] },
      { line: 4, cells: ['阳光花园', '62'] },
    ]);
  });

  it('refuses an OLE2 file that is not a workbook', async () => {
    await expect(rowsOf(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]))).rejects.toThrow(
      '无法读取该 Excel 文件',
    );
  });
});

describe('openTableFile on XLSX', () => {
  it('reads every Chinese string intact, however the archive is split into chunks', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('小区');
    const names = Array.from({ length: 4000 }, (_, i) => `锦绣华庭${i}期·朝阳区望京街${i}号院`);
    sheet.addRow(['小区编码', '小区名称']);
    names.forEach((name, i) => sheet.addRow([`BJ${i}`, name]));
    const { format, encoding, rows } = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()), 4096);
    expect({ format, encoding }).toEqual({ format: 'xlsx', encoding: null });
    expect(rows).toHaveLength(4001);
    expect(rows.slice(1).map((r) => r.cells[1])).toEqual(names);
    expect(rows[4000]).toEqual({ line: 4001, cells: ['BJ3999', names[3999]] });
  });

  it('gives numbers, dates, formulas and rich text as the text a user sees', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('cases');
    sheet.addRow(['area', 'date', 'total', 'name']);
    sheet.addRow([
      89.5,
      new Date(Date.UTC(2024, 2, 15)),
      { formula: 'A2*10000', result: 895000 },
      { richText: [{ text: '阳光' }, { text: '花园' }] },
    ]);
    sheet.addRow([]);
    sheet.addRow([62, null, 6500000, '锦绣华庭']);
    const { rows } = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()), 1000);
    expect(rows).toEqual([
      { line: 1, cells: ['area', 'date', 'total', 'name'] },
      { line: 2, cells: ['89.5', '2024-03-15', '895000', '阳光花园'] },
      { line: 4, cells: ['62', '', '6500000', '锦绣华庭'] },
    ]);
  });
});
