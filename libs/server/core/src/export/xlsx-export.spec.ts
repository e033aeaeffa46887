import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  EmptyExportError,
  excelDateTime,
  formulaSafe,
  mapBatches,
  streamXlsx,
  workbookBuffer,
  XLSX_AMOUNT,
  XLSX_DATE_TIME,
  type XlsxColumn,
} from './xlsx-export';

interface Row {
  code: string;
  at: Date;
  price: number | null;
  evalType: 1 | 2;
  note: string | null;
}

const COLUMNS: readonly XlsxColumn<Row>[] = [
  { header: '编号', width: 20, value: (r) => r.code },
  { header: '时间', numFmt: XLSX_DATE_TIME, value: (r) => excelDateTime(r.at) },
  {
    header: '结果',
    numFmt: XLSX_AMOUNT,
    value: (r) => r.price,
    unit: { header: '结果单位', value: (r) => (r.evalType === 2 ? '元/月' : '万元') },
  },
  { header: '说明', value: (r) => r.note },
];

async function read(stream: Readable): Promise<ExcelJS.Worksheet> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const workbook = new ExcelJS.Workbook();
  const content = Buffer.concat(chunks);
  await workbook.xlsx.load(content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer);
  return workbook.worksheets[0];
}

const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

describe('streamXlsx', () => {
  // 09:30:05 in Beijing, the business zone: the cells show that wall clock.
  const at = new Date('2025-06-01T01:30:05Z');
  const rows: Row[] = [
    { code: 'EV1', at, price: 540, evalType: 1, note: '=HYPERLINK("http://x")' },
    { code: '+86', at, price: 9000, evalType: 2, note: null },
    { code: '@SUM(A1)', at, price: null, evalType: 1, note: '-1' },
  ];

  it('writes the header, a unit column after the value, number formats and formula-safe text', async () => {
    const sheet = await read(await streamXlsx({ sheetName: '估价记录', columns: COLUMNS }, rows));
    expect(sheet.name).toBe('估价记录');
    expect(values(sheet, 1)).toEqual(['编号', '时间', '结果', '结果单位', '说明']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(4);
    expect(values(sheet, 2)).toEqual(['EV1', new Date(Date.UTC(2025, 5, 1, 9, 30, 5)), 540, '万元', `'=HYPERLINK("http://x")`]);
    expect(values(sheet, 3)).toEqual(["'+86", new Date(Date.UTC(2025, 5, 1, 9, 30, 5)), 9000, '元/月']);
    expect(values(sheet, 4)).toEqual(["'@SUM(A1)", new Date(Date.UTC(2025, 5, 1, 9, 30, 5)), undefined, '万元', "'-1"]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe(XLSX_DATE_TIME);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe(XLSX_AMOUNT);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('keeps characters outside the basic plane (rare surname characters, emoji) as they are', async () => {
    const names = Array.from({ length: 300 }, (_, i) => `${'张'.repeat(i % 37)}𠮷${i}😀${'a'.repeat(i % 11)}`);
    const many = names.map((note, i) => ({ code: `EV${i}`, at, price: 1, evalType: 1 as const, note }));
    const sheet = await read(await streamXlsx({ sheetName: '估价记录', columns: COLUMNS }, many));
    expect(names.map((_, i) => sheet.getRow(i + 2).getCell(5).value)).toEqual(names);
  });

  it('streams batches as they are read, in order', async () => {
    async function* batches() {
      for (let b = 0; b < 5; b++) yield Array.from({ length: 300 }, (_, i) => ({ ...rows[0], code: `R${b * 300 + i}`, note: null }));
    }
    const sheet = await read(
      await streamXlsx(
        { sheetName: 'a', columns: COLUMNS },
        mapBatches(batches(), async (b) => b),
      ),
    );
    expect(sheet.rowCount).toBe(1501);
    expect(sheet.getRow(2).getCell(1).value).toBe('R0');
    expect(sheet.getRow(1501).getCell(1).value).toBe('R1499');
  });

  it('reads the next batch only as fast as the file is read, and stops reading when the reader goes away', async () => {
    const total = 60;
    let pulled = 0;
    async function* batches() {
      for (let b = 0; b < total; b++) {
        pulled++;
        yield Array.from({ length: 500 }, (_, i) => ({
          ...rows[0],
          code: `R${b * 500 + i}`,
          note: createHash('sha256').update(`${b}-${i}`).digest('hex'),
        }));
      }
    }
    const idle = () => new Promise((resolve) => setTimeout(resolve, 200));
    /** Waits until no batch has been pulled for two idle spells in a row (the writer waits for its reader), at most 20 s. */
    const settled = async () => {
      for (let still = 0, last = -1, spells = 0; still < 2 && spells < 100; spells++) {
        still = pulled === last ? still + 1 : 0;
        last = pulled;
        await idle();
      }
    };
    const unread = await streamXlsx({ sheetName: 'a', columns: COLUMNS }, batches());
    await settled();
    expect(pulled).toBeLessThan(total / 2);

    const sheet = await read(unread);
    expect(pulled).toBe(total);
    expect(sheet.rowCount).toBe(total * 500 + 1);
    expect(sheet.getRow(total * 500 + 1).getCell(1).value).toBe(`R${total * 500 - 1}`);

    pulled = 0;
    const abandoned = await streamXlsx({ sheetName: 'a', columns: COLUMNS }, batches());
    await idle();
    abandoned.destroy();
    await settled();
    expect(pulled).toBeLessThan(total / 2);
  });

  it('refuses an empty list with 暂无数据 before writing anything', async () => {
    await expect(streamXlsx({ sheetName: 'a', columns: COLUMNS }, [])).rejects.toThrow(new EmptyExportError());
    async function* none(): AsyncGenerator<Row[]> {
      yield [];
    }
    await expect(streamXlsx({ sheetName: 'a', columns: COLUMNS }, none())).rejects.toThrow('暂无数据');
  });

  it('ends the stream with the error when a later batch fails', async () => {
    async function* failing() {
      yield rows;
      throw new Error('lost connection');
    }
    const stream = await streamXlsx({ sheetName: 'a', columns: COLUMNS }, failing());
    await expect(read(stream)).rejects.toThrow('lost connection');
  });
});

describe('formula-safe text', () => {
  it('keeps as text what a spreadsheet would take for a formula: = + - @, a tab or a carriage return first', () => {
    for (const text of ['=1+1', '+86 138', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x","点我")'])
      expect(formulaSafe(text)).toBe(`'${text}`);
    for (const value of ['北京', ' =1', 'a=1', '', 12, null]) expect(formulaSafe(value)).toBe(value);
  });

  it('writes a workbook built cell by cell with every text cell of every sheet formula-safe, rich text included', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('模板');
    first.addRow(['城市*', '=cmd|/c calc!A1', 89.5]);
    first.getCell('B1').font = { bold: true };
    const notes = workbook.addWorksheet('说明');
    notes.addRow([{ richText: [{ text: '@SUM(1)' }, { text: '说明' }] }, '\t-1', new Date(Date.UTC(2025, 0, 2))]);
    const read = new ExcelJS.Workbook();
    const bytes = await workbookBuffer(workbook);
    await read.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    expect(values(read.getWorksheet('模板')!, 1)).toEqual(['城市*', "'=cmd|/c calc!A1", 89.5]);
    expect(read.getWorksheet('模板')!.getCell('B1').font?.bold).toBe(true);
    expect(values(read.getWorksheet('说明')!, 1)).toEqual([
      { richText: [{ text: "'@SUM(1)" }, { text: '说明' }] },
      "'\t-1",
      new Date(Date.UTC(2025, 0, 2)),
    ]);
  });
});
