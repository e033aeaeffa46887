import { FieldError, listingColumns, readListingRow } from '@valuation/domain';
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

/**
 * Maps the rows of a listing export (the Beijing file's English columns or a listing site's Chinese
 * ones; see LISTING_HEADERS) to listings. Community = community within district; business area =
 * business area within district (the district itself when the file has none). Layouts "N房间M卫"
 * are commercial-residential apartments (13), others residences (11). A row without a build year,
 * floor or listing date is kept; those stay unknown.
 */
export function readListings(text: string, latestYear: number): { listings: Listing[]; rejections: Rejection[] } {
  const rows = parseCsv(text);
  const header = rows[0] ?? [];
  let columns;
  try {
    columns = listingColumns(header);
  } catch (error) {
    if (error instanceof FieldError) throw new Error(`CSV header: ${error.message}`);
    throw error;
  }
  const today = `${latestYear}-12-31`;
  const listings: Listing[] = [];
  const rejections: Rejection[] = [];
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    if (row.length === 1 && row[0].trim() === '') continue;
    if (row.length !== header.length) {
      rejections.push({ line: r + 1, reason: `expected ${header.length} fields, found ${row.length}` });
      continue;
    }
    const read = readListingRow(row, columns, latestYear, today);
    if (!read.listing) {
      rejections.push({ line: r + 1, reason: read.problems.join('；') });
      continue;
    }
    const l = read.listing;
    listings.push({
      id: l.id ?? `line-${r + 1}`,
      communityCode: `${l.district}/${l.community}`,
      communityName: l.community,
      district: l.district,
      businessArea: `${l.district}/${l.businessArea ?? ''}`,
      propType: l.apartment ? 13 : 11,
      area: l.area,
      floor: l.floor,
      totalFloors: l.totalFloors,
      rooms: l.layout?.rooms ?? null,
      halls: l.layout?.halls ?? null,
      baths: l.layout?.baths ?? null,
      face: l.face,
      decoration: l.decoration,
      buildingType: l.buildingType,
      buildYear: l.buildYear,
      totalPrice: Math.round(l.totalPrice),
      unitPrice: l.unitPrice,
      month: l.listedOn,
    });
  }
  return { listings, rejections };
}
