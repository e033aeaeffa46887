import { dictCode } from '@valuation/domain';
import type { MarketCase } from '@valuation/valuation';

/** One listing of the Beijing file mapped to the engine's case shape. */
export interface Listing extends MarketCase {
  propType: number;
  district: string;
  businessArea: string;
}

export interface Rejection {
  line: number;
  reason: string;
}

/** Parses CSV text (quoted fields with commas and doubled quotes allowed) into rows of fields. */
export function parseCsv(text: string): string[][] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const COLUMNS = [
  'Direction',
  'District',
  'Elevator',
  'Floor',
  'Garden',
  'Id',
  'Layout',
  'Price',
  'Region',
  'Renovation',
  'Size',
  'UnitPrice',
  'Year',
] as const;
type Column = (typeof COLUMNS)[number];

/** Orientation text (南北, 东南, 南西北...) to the face dictionary: south+north is 南北, else the main pair. */
export function faceCode(direction: string): string | null {
  const e = direction.includes('东');
  const s = direction.includes('南');
  const w = direction.includes('西');
  const n = direction.includes('北');
  let name: string | null = null;
  if (s && n) name = '南北';
  else if (s) name = e && !w ? '东南' : w && !e ? '西南' : '南';
  else if (n) name = e && !w ? '东北' : w && !e ? '西北' : '北';
  else if (e && w) name = '东西';
  else if (e) name = '东';
  else if (w) name = '西';
  return name ? dictCode('face', name) : null;
}

const DECORATION: Readonly<Record<string, string | null>> = {
  精装: dictCode('intDeco', '精装'),
  简装: dictCode('intDeco', '简装'),
  毛坯: dictCode('intDeco', '毛坯'),
  其他: null,
};

const BUILDING_TYPE: Readonly<Record<string, string | null>> = {
  板楼: dictCode('bldgType', '板楼'),
  塔楼: dictCode('bldgType', '塔楼'),
  板塔结合: dictCode('bldgType', '板塔结合'),
  暂无数据: null,
  平房: null,
};

/**
 * Maps the rows to listings. Community = Garden within Region; business area = District within
 * Region. Layouts "N室M厅" are residences (11); "N房间M卫" are commercial-residential apartments (13).
 */
export function readListings(text: string, latestYear: number): { listings: Listing[]; rejections: Rejection[] } {
  const rows = parseCsv(text);
  const header = rows[0] ?? [];
  const index = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<Column, number>;
  const missing = COLUMNS.filter((c) => index[c] < 0);
  if (missing.length) throw new Error(`CSV header lacks columns: ${missing.join(', ')}`);
  const listings: Listing[] = [];
  const rejections: Rejection[] = [];
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    if (row.length === 1 && row[0].trim() === '') continue;
    const get = (c: Column): string => (row[index[c]] ?? '').trim();
    const reject = (reason: string): void => {
      rejections.push({ line: r + 1, reason });
    };
    if (row.length !== header.length) {
      reject(`expected ${header.length} fields, found ${row.length}`);
      continue;
    }
    if (get('Id') === 'Id' && get('Price') === 'Price') {
      reject('repeated header row');
      continue;
    }
    const year = Number(get('Year'));
    if (!/^\d{4}$/.test(get('Year')) || year < 1900 || year > latestYear) {
      reject(`build year out of range: "${get('Year')}"`);
      continue;
    }
    const priceMatch = /^([\d.]+)万$/.exec(get('Price'));
    const unitMatch = /^([\d,]+)元\/平$/.exec(get('UnitPrice'));
    const area = Number(get('Size'));
    const totalFloors = Number(get('Floor'));
    const layout = /^(\d+)(室|房间)(\d+)(厅|卫)$/.exec(get('Layout'));
    if (!priceMatch) reject(`price not understood: "${get('Price')}"`);
    else if (!unitMatch) reject(`unit price not understood: "${get('UnitPrice')}"`);
    else if (!(area > 0)) reject(`area not positive: "${get('Size')}"`);
    else if (!Number.isInteger(totalFloors) || totalFloors < 1) reject(`total floors not understood: "${get('Floor')}"`);
    else if (!layout) reject(`layout not understood: "${get('Layout')}"`);
    else if (!get('Garden') || !get('Region') || !get('District')) reject('community, district or business area missing');
    else {
      const apartment = layout[2] === '房间';
      const region = get('Region');
      listings.push({
        id: get('Id'),
        communityCode: `${region}/${get('Garden')}`,
        communityName: get('Garden'),
        district: region,
        businessArea: `${region}/${get('District')}`,
        propType: apartment ? 13 : 11,
        area,
        totalFloors,
        rooms: Number(layout[1]),
        halls: apartment ? null : Number(layout[3]),
        baths: apartment ? Number(layout[3]) : null,
        face: faceCode(get('Direction')),
        decoration: DECORATION[get('Renovation')] ?? null,
        buildingType: BUILDING_TYPE[get('Elevator')] ?? null,
        buildYear: year,
        totalPrice: Math.round(Number(priceMatch[1]) * 10000),
        unitPrice: Number(unitMatch[1].replace(/,/g, '')),
      });
    }
  }
  return { listings, rejections };
}
