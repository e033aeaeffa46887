import zlib from 'node:zlib';

/**
 * Hostile and outsized workbooks for the tests of the table reader and the upload routes, built
 * in memory: ZIP archives written by hand, with parts that repeat a text many times deflated
 * without ever holding the inflated text (a zip bomb of 2 GB is a few MB here).
 */

/** The content of a part: text, or a text repeated `times` between an optional head and tail. */
export type PartContent = string | { head?: string; unit: string; times: number; tail?: string };

export interface ZipPart {
  name: string;
  content: PartContent;
  /** Stored as it is instead of deflated. */
  stored?: boolean;
  /** The inflated size the archive's directory gives, when it should not be the true one. */
  declaredSize?: number;
}

const FLUSHED = { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH };
/** Text deflated at a time when a unit is repeated. */
const BLOCK_CHARS = 1024 * 1024;

function sizeOf(content: PartContent): number {
  if (typeof content === 'string') return Buffer.byteLength(content);
  return Buffer.byteLength(content.head ?? '') + Buffer.byteLength(content.unit) * content.times + Buffer.byteLength(content.tail ?? '');
}

/**
 * Raw deflate data of the content: each piece ends on a full flush, so no back-reference crosses
 * into the next and the same compressed block can be written again for every repetition.
 */
function deflated(content: PartContent): Buffer {
  const pieces: Buffer[] = [];
  const add = (text: string, times = 1) => {
    if (!text || times <= 0) return;
    const block = zlib.deflateRawSync(Buffer.from(text), FLUSHED);
    for (let i = 0; i < times; i++) pieces.push(block);
  };
  if (typeof content === 'string') add(content);
  else {
    add(content.head ?? '');
    const perBlock = Math.max(1, Math.floor(BLOCK_CHARS / Math.max(1, content.unit.length)));
    add(content.unit.repeat(perBlock), Math.floor(content.times / perBlock));
    add(content.unit.repeat(content.times % perBlock));
    add(content.tail ?? '');
  }
  pieces.push(zlib.deflateRawSync(Buffer.alloc(0)));
  return Buffer.concat(pieces);
}

function storedBytes(content: PartContent): Buffer {
  if (typeof content === 'string') return Buffer.from(content);
  return Buffer.from(`${content.head ?? ''}${content.unit.repeat(content.times)}${content.tail ?? ''}`);
}

/**
 * A ZIP archive of the parts, in the order given. The CRC fields are left at 0 (the readers under
 * test do not check them), and sizes beyond 4 GB are not written.
 */
export function zipArchive(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = part.stored ? storedBytes(part.content) : deflated(part.content);
    const size = part.declaredSize ?? sizeOf(part.content);
    const method = part.stored ? 0 : 8;
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x800, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const SHEET_PART = 'xl/worksheets/sheet1.xml';
export const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';

/** The column name of a 0-based index: 0 is A, 26 AA, 2006 BYE. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export interface WorkbookContent {
  /** The worksheet part, from `<worksheet>` to `</worksheet>`. */
  sheet: PartContent;
  /** The shared strings part, from `<sst>` to `</sst>`. */
  sharedStrings?: PartContent;
  /** Part name → the inflated size the directory gives, when it should lie. */
  declaredSizes?: Readonly<Record<string, number>>;
  /** Parts stored instead of deflated. */
  stored?: readonly string[];
}

/** An XLSX workbook of one worksheet (and its shared strings), as the fewest parts a reader needs. */
export function xlsxWorkbook(content: WorkbookContent): Buffer {
  const rels = [`<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`];
  if (content.sharedStrings !== undefined) rels.push(`<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      content:
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      content: `<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="数据" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    { name: 'xl/_rels/workbook.xml.rels', content: `<Relationships xmlns="${PACKAGE_REL}">${rels.join('')}</Relationships>` },
    { name: SHEET_PART, content: content.sheet },
  ];
  if (content.sharedStrings !== undefined) parts.push({ name: SHARED_STRINGS_PART, content: content.sharedStrings });
  return zipArchive(parts.map((p) => ({ ...p, declaredSize: content.declaredSizes?.[p.name], stored: content.stored?.includes(p.name) })));
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A row of inline-string cells with their references. */
export function sheetRow(line: number, cells: readonly string[]): string {
  const xml = cells.map((text, c) => `<c r="${columnName(c)}${line}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`);
  return `<row r="${line}">${xml.join('')}</row>`;
}

/** A worksheet part around rows of XML, with a dimension when one is given. */
export function worksheet(rows: PartContent, dimension?: string): PartContent {
  const head = `<worksheet xmlns="${MAIN}">${dimension ? `<dimension ref="${dimension}"/>` : ''}<sheetData>`;
  const tail = '</sheetData></worksheet>';
  if (typeof rows === 'string') return head + rows + tail;
  return { head: head + (rows.head ?? ''), unit: rows.unit, times: rows.times, tail: (rows.tail ?? '') + tail };
}
