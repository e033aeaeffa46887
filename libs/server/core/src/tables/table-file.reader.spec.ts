import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import * as XLS from '@e965/xlsx';
import { openTableFile, sniffTableFormat, TableFileError, TableFileMsg, type TableReadLimits, type TableRow } from './table-file.reader';
import { ZipArchive, type ByteSource } from './zip-archive';
import { zipArchive } from '@valuation/testing';

const HEADER = '小区编码,小区名称,城市,区县,地址\n';
const ROWS = ['BJ0001,阳光花园,北京,朝阳,朝阳区望京街12号', 'BJ0002,锦绣华庭,北京,海淀,海淀区中关村大街1号'];
const TEXT = HEADER + ROWS.join('\n') + '\n';

async function rowsOf(
  bytes: Buffer,
  chunkSize = 7,
  limits: Partial<TableReadLimits> = {},
): Promise<{ format: string; encoding: string | null; rows: TableRow[] }> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const file = await openTableFile(Readable.from(chunks), limits);
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
        // SheetJS writes a Date's wall clock in the process's zone, as a spreadsheet program would.
        ['锦绣华庭·朝阳区望京街12号院', 89.5, new Date(2024, 2, 15)],
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

/** Text in every UTF-8 length: 2 bytes (é), 3 (中文), 4 (𠀀, an Extension B character, and 🏠). */
const MIXED = ['锦绣华庭', 'Résidence', '𠀀𠀁', '🏠', '·'];

async function rowsFrom(file: Promise<{ rows: AsyncIterable<TableRow> }>): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  for await (const row of (await file).rows) rows.push(row);
  return rows;
}

/** A ZIP archive of uncompressed parts, in the order given. */
const storedZip = (parts: [name: string, text: string][]): Buffer =>
  zipArchive(parts.map(([name, content]) => ({ name, content, stored: true })));

const NS =
  'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** 2024-03-15 as a serial number of a workbook counting from 1904. */
const MARCH_15_1904 = Date.UTC(2024, 2, 15) / 86_400_000 + 25569 - 1462;

/**
 * A workbook written by hand as other programs write them: prefixed element names, the worksheet
 * stored before the shared strings, a hidden first sheet, dates counted from 1904, every cell type.
 */
function handMadeWorkbook(): Buffer {
  return storedZip([
    [
      'xl/worksheets/sheet2.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<x:worksheet ${NS}><x:sheetData>
<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>名称</x:t></x:is></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>面积</x:t></x:is></x:c></x:row>
<x:row r="2" spans="1:8"><x:c r="A2" t="s"><x:v>0</x:v></x:c><x:c r="B2"><x:v>89.5</x:v></x:c><x:c r="C2" s="1"><x:v>${MARCH_15_1904}</x:v></x:c><x:c r="D2" t="b"><x:v>1</x:v></x:c><x:c r="E2" t="e"><x:v>#N/A</x:v></x:c><x:c r="F2" t="inlineStr"><x:is><x:r><x:t>内</x:t></x:r><x:r><x:t>联</x:t></x:r></x:is></x:c><x:c r="G2" t="str"><x:f>A1</x:f><x:v>公式</x:v></x:c><x:c r="H2" t="d"><x:v>2024-03-15T10:00:05</x:v></x:c></x:row>
<x:row><x:c t="s"><x:v>1</x:v></x:c><x:c s="3"><x:v>6500000</x:v></x:c></x:row>
<x:row r="5"><x:c r="C5" s="2"><x:v>${MARCH_15_1904 + 0.5}</x:v></x:c></x:row>
<x:row r="6"><x:c r="A6" s="3"/><x:c r="B6" t="s"/></x:row>
<x:row r="7"/>
<!-- a comment > with a bracket -->
<x:row r="8"><x:c r="A8" t="s"><x:v>2</x:v></x:c><x:c r="B8" t="inlineStr"><x:is><x:t><![CDATA[a<b]]></x:t></x:is></x:c><x:c r="C8" s="4"><x:v>${MARCH_15_1904}</x:v></x:c></x:row>
</x:sheetData></x:worksheet>`,
    ],
    [
      'xl/sharedStrings.xml',
      `<x:sst ${NS} count="3" uniqueCount="3"><x:si><x:t>${MIXED.join('')}</x:t></x:si>` +
        '<x:si><x:r><x:t>阳光</x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">花园 </x:t></x:r><x:rPh sb="0" eb="2"><x:t>ヤンガン</x:t></x:rPh></x:si>' +
        '<x:si><x:t>第一行_x000D_&#10;第二行 &amp; &lt;A&gt; _x005F_x000D_</x:t></x:si></x:sst>',
    ],
    [
      'xl/styles.xml',
      `<x:styleSheet ${NS}><x:numFmts count="1"><x:numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/></x:numFmts>` +
        '<x:cellStyleXfs count="1"><x:xf numFmtId="14"/></x:cellStyleXfs>' +
        '<x:cellXfs count="5"><x:xf numFmtId="0"/><x:xf numFmtId="164" applyNumberFormat="1"><x:alignment horizontal="left"/></x:xf><x:xf numFmtId="22"/><x:xf numFmtId="4"/><x:xf numFmtId="31"/></x:cellXfs></x:styleSheet>',
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<x:worksheet ${NS}><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>隐藏</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
    ],
    [
      'xl/workbook.xml',
      `<x:workbook ${NS}><x:workbookPr date1904="1"/><x:sheets><x:sheet name="隐藏" sheetId="1" state="hidden" r:id="rId1"/><x:sheet name="数据" sheetId="2" r:id="rId2"/></x:sheets></x:workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="${REL}/worksheet" Target="/xl/worksheets/sheet2.xml"/>
<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>
<Relationship Id="rId4" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      '_rels/.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
  ]);
}

/** Bytes served one at a time, so every multi-byte character of a stored part is split between chunks. */
function byteByByte(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: async (position, length) => bytes.subarray(position, position + length),
    stream: (start, end) => Readable.from(Array.from({ length: end - start }, (_, i) => bytes.subarray(start + i, start + i + 1))),
    close: async () => undefined,
  };
}

describe('openTableFile on XLSX, read through the ZIP directory', () => {
  it('reads multi-byte shared strings intact when every character is split between chunks', async () => {
    const book = XLS.utils.book_new();
    const names = Array.from({ length: 300 }, (_, i) => `${MIXED[i % MIXED.length]}${i}${MIXED[(i + 2) % MIXED.length]}`);
    XLS.utils.book_append_sheet(book, XLS.utils.aoa_to_sheet([['名称'], ...names.map((n) => [n])]), '数据');
    // SheetJS stores the parts uncompressed unless asked, so the source chunks reach the decoder as they are.
    const bytes: Buffer = XLS.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true });
    const archive = await ZipArchive.open(byteByByte(bytes));
    let strings = '';
    for await (const text of archive.text('xl/sharedStrings.xml', 1e9)) strings += text;
    expect(strings).not.toContain('\ufffd');
    for (const name of names) expect(strings).toContain(name);
    const rows = await rowsFrom(openTableFile(bytes));
    expect(rows.map((r) => r.cells[0])).toEqual(['名称', ...names]);
  });

  it('reads the same rows from a stream as from memory, whatever the chunks', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('数据');
    // Characters of the basic plane only: ExcelJS's writer itself breaks some four-byte characters.
    const names = Array.from({ length: 3000 }, (_, i) => `锦绣华庭·Résidence${i}`);
    names.forEach((name, i) => sheet.addRow([name, i + 0.25]));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const fromMemory = await rowsFrom(openTableFile(bytes));
    expect(fromMemory.map((r) => r.cells)).toEqual(names.map((name, i) => [name, String(i + 0.25)]));
    for (const chunk of [1000, 65_537]) expect((await rowsOf(bytes, chunk)).rows).toEqual(fromMemory);
  });

  it('reads a workbook as other programs write it: the first visible sheet, every cell type, dates from 1904', async () => {
    const bytes = handMadeWorkbook();
    expect(sniffTableFormat(bytes, true)).toBe('xlsx');
    const expected = [
      { line: 1, cells: ['名称', '面积'] },
      { line: 2, cells: [MIXED.join(''), '89.5', '2024-03-15', 'TRUE', '', '内联', '公式', '2024-03-15 10:00:05'] },
      { line: 3, cells: ['阳光花园 ', '6500000'] },
      { line: 5, cells: ['', '', '2024-03-15 12:00:00'] },
      { line: 8, cells: ['第一行\r\n第二行 & <A> _x000D_', 'a<b', '2024-03-15'] },
    ];
    expect(await rowsFrom(openTableFile(bytes))).toEqual(expected);
    expect((await rowsOf(bytes, 3)).rows).toEqual(expected);
  });

  it('refuses an archive without a workbook, and parts larger than the limits', async () => {
    const noWorkbook = storedZip([['word/document.xml', '<document/>']]);
    expect(sniffTableFormat(noWorkbook, true)).toBeNull();
    expect(sniffTableFormat(noWorkbook.subarray(0, 40))).toBe('xlsx');
    await expect(rowsFrom(openTableFile(noWorkbook))).rejects.toThrow(TableFileMsg.unreadableExcel);
    await expect(rowsFrom(openTableFile(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 1)])))).rejects.toThrow(
      TableFileMsg.unreadableExcel,
    );
    await expect(rowsFrom(openTableFile(handMadeWorkbook(), { maxPartBytes: 1000 }))).rejects.toThrow(TableFileMsg.excelTooLarge);
    await expect(rowsOf(handMadeWorkbook(), 512, { maxBytes: 2000 })).rejects.toThrow(TableFileMsg.tooLarge);
  });

  it('stops reading when the caller stops', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('数据');
    for (let i = 0; i < 5000; i++) sheet.addRow([`行${i}`]);
    const file = await openTableFile(Readable.from([Buffer.from(await workbook.xlsx.writeBuffer())]));
    const seen: string[] = [];
    for await (const row of file.rows) {
      seen.push(row.cells[0]);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual(['行0', '行1', '行2']);
  });
});

describe('openTableFile on CSV, stopped early', () => {
  it('stops reading a stream or a buffer when the caller stops', async () => {
    const bytes = Buffer.from(`a,b\n${Array.from({ length: 20_000 }, (_, i) => `${i},行${i}`).join('\n')}\n`);
    for (const input of [() => Readable.from([bytes.subarray(0, 70_000), bytes.subarray(70_000)]), () => bytes]) {
      const file = await openTableFile(input());
      const seen: string[] = [];
      for await (const row of file.rows) {
        seen.push(row.cells[1]);
        if (seen.length === 3) break;
      }
      expect(seen).toEqual(['b', '行0', '行1']);
    }
  });
});

describe('openTableFile on CSV in the Chinese encodings', () => {
  const rare = '小区,地址\n𠀀苑,㐀街1号\n€花园,“引号”路\n';

  it('reads GB18030 with its four-byte characters, split anywhere', async () => {
    const bytes = iconv.encode(rare, 'gb18030');
    expect(bytes.includes(iconv.encode('𠀀', 'gb18030'))).toBe(true);
    for (const chunk of [1, 2, 3, 5]) {
      const { encoding, rows } = await rowsOf(bytes, chunk);
      expect(encoding).toBe('gb18030');
      expect(rows.map((r) => r.cells)).toEqual([
        ['小区', '地址'],
        ['𠀀苑', '㐀街1号'],
        ['€花园', '“引号”路'],
      ]);
    }
  });

  it('reads UTF-16 in both byte orders with a byte-order mark, surrogate pairs split anywhere', async () => {
    const expected = [
      ['小区', '地址'],
      ['𠀀苑', '㐀街1号'],
      ['€花园', '“引号”路'],
    ];
    for (const [encoding, bytes] of [
      ['utf-16le', iconv.encode(rare, 'utf-16le', { addBOM: true })],
      ['utf-16be', iconv.encode(rare, 'utf-16be', { addBOM: true })],
    ] as const) {
      for (const chunk of [1, 3]) {
        const read = await rowsOf(bytes, chunk);
        expect([encoding, read.encoding, read.rows.map((r) => r.cells)]).toEqual([encoding, encoding, expected]);
      }
    }
  });

  it('reads UTF-8 text whose first 64 KB end inside a character, from a stream read in 64 KB chunks or from memory', async () => {
    const line = (i: number) => `${i},锦绣华庭${i}\n`;
    let body = '';
    for (let i = 0; Buffer.byteLength(body) < 200_000; i++) body += line(i);
    // The header is padded until byte 65,536 is the continuation byte of a three-byte character.
    let text = `a,b\n${body}`;
    for (let pad = 1; (Buffer.from(text)[65_536] & 0xc0) !== 0x80; pad++) text = `a${'x'.repeat(pad)},b\n${body}`;
    const bytes = Buffer.from(text);
    const expected = text
      .trim()
      .split('\n')
      .map((l) => l.split(','));
    const chunks = [0, 1, 2].map((k) => bytes.subarray(k * 65_536, (k + 1) * 65_536)).concat(bytes.subarray(3 * 65_536));
    for (const input of [() => Readable.from(chunks), () => bytes]) {
      const rows = await rowsFrom(openTableFile(input()));
      expect(rows.map((r) => r.cells)).toEqual(expected);
    }
  });

  it('takes text that is ASCII at first and GBK further down as GB18030 when the whole file is in memory', async () => {
    const text = `code,name\n${'A1,plain\n'.repeat(10_000)}B2,锦绣华庭\n`;
    const file = await openTableFile(iconv.encode(text, 'gbk'));
    expect(file.encoding).toBe('gb18030');
    const rows = await rowsFrom(Promise.resolve(file));
    expect(rows[rows.length - 1].cells).toEqual(['B2', '锦绣华庭']);
  });

  it('refuses content that is not text, and marks rows holding bytes that are not', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');
    expect(sniffTableFormat(png)).toBeNull();
    await expect(openTableFile(Readable.from([png]))).rejects.toThrow(new TableFileError(TableFileMsg.notATable));
    await expect(openTableFile(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(60)]))).rejects.toThrow(
      TableFileMsg.unreadableExcel,
    );
    const text = Buffer.from(`a,b\n${'1,2\n'.repeat(20_000)}`);
    await expect(openTableFile(Buffer.concat([Buffer.from('a,b\n'), Buffer.from([0x33, 0x2c, 0x00, 0x01, 0x0a])]))).rejects.toThrow(
      TableFileMsg.notATable,
    );
    const { rows } = await rowsOf(Buffer.concat([text, Buffer.from([0x33, 0x2c, 0x00, 0x01, 0x0a]), Buffer.from('5,6\n')]), 4096);
    expect(rows.slice(-3).map((r) => [r.line, r.cells, r.problem ?? null])).toEqual([
      [20_001, ['1', '2'], null],
      [20_002, [], expect.stringMatching(/^CSV 格式错误：含有无法识别的字符/)],
      [20_003, ['5', '6'], null],
    ]);
  });
});

describe('openTableFile on legacy XLS', () => {
  const legacy = (rows: unknown[][]) => {
    const book = XLS.utils.book_new();
    XLS.utils.book_append_sheet(book, XLS.utils.aoa_to_sheet(rows), '数据');
    return XLS.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
  };

  it('reads the same rows from memory and from a stream, multi-byte text intact', async () => {
    const bytes = legacy([['名称', '面积'], ...MIXED.map((m, i) => [`${m}${i}`, i + 0.5])]);
    expect(sniffTableFormat(bytes, true)).toBe('xls');
    const expected = [
      { line: 1, cells: ['名称', '面积'] },
      ...MIXED.map((m, i) => ({ line: i + 2, cells: [`${m}${i}`, String(i + 0.5)] })),
    ];
    expect(await rowsFrom(openTableFile(bytes))).toEqual(expected);
    expect((await rowsOf(bytes, 100)).rows).toEqual(expected);
  });

  it('refuses a legacy workbook over its limit', async () => {
    const bytes = legacy([['名称'], ...Array.from({ length: 200 }, (_, i) => [`小区${i}`])]);
    await expect(rowsOf(bytes, 512, { maxXlsBytes: 1024 })).rejects.toThrow(TableFileMsg.excelTooLarge);
  });
});
