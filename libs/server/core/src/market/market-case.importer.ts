import type { EntityManager } from 'typeorm';
import {
  businessNow,
  FieldError,
  monthKey,
  parseBuildingType,
  parseBuildYear,
  parseDecoration,
  parseFace,
  parseInteger,
  parseLayout,
  parseMoney,
  parseMonth,
  parseNumber,
  parsePropType,
  parseTradeType,
  parseUnitPrice,
} from '@valuation/domain';
import { upsertCases, type CaseRow } from './market-rows.writer';
import { present, type ImportColumn, type RowValues, type TableImportSpec } from './table-import.runner';

export type CaseField =
  | 'caseKey'
  | 'haCode'
  | 'tradeType'
  | 'propType'
  | 'area'
  | 'floor'
  | 'totalFloors'
  | 'layout'
  | 'rooms'
  | 'halls'
  | 'baths'
  | 'face'
  | 'intDeco'
  | 'buildYear'
  | 'bldgType'
  | 'totalPrice'
  | 'unitPrice'
  | 'caseDate'
  | 'source';

/** Columns of a case file; a header may be the English or any of the Chinese names. */
export const CASE_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<CaseField>> = [
  {
    field: 'caseKey',
    headers: ['caseKey', 'caseId', '编号', '案例ID', '案例编号'],
    required: true,
    description: '案例编号，唯一；再次导入同一编号即更新该案例',
  },
  { field: 'haCode', headers: ['haCode', '小区代码', '小区编码'], required: true, description: '小区编码，须已导入' },
  { field: 'tradeType', headers: ['tradeType', '交易方式', '交易类型'], required: true, description: '出售 或 出租（1 或 2）' },
  { field: 'propType', headers: ['propType', '物业类型'], description: '住宅、办公 或 商铺（11、21、22），默认住宅' },
  { field: 'area', headers: ['area', 'size', '面积', '建筑面积'], required: true, description: '建筑面积（㎡）' },
  { field: 'floor', headers: ['floor', '所在层', '所在楼层'], description: '所在楼层' },
  { field: 'totalFloors', headers: ['totalFloors', '总层数', '总楼层'], description: '总楼层' },
  { field: 'layout', headers: ['layout', '户型'], description: '户型，如 2室1厅1卫；也可分列填写室、厅、卫' },
  { field: 'rooms', headers: ['rooms', '卧室数', '室'], description: '室' },
  { field: 'halls', headers: ['halls', '厅'], description: '厅' },
  { field: 'baths', headers: ['baths', '卫生间数', '卫'], description: '卫' },
  { field: 'face', headers: ['face', 'direction', '朝向'], description: '朝向：东、南、西、北、东南、西南、东北、西北、南北、东西' },
  {
    field: 'intDeco',
    headers: ['intDeco', 'decoration', 'renovation', '装修程度', '装修'],
    description: '装修：毛坯、简装、中装、精装、豪装',
  },
  { field: 'buildYear', headers: ['buildYear', '建成年份', '建筑年代', '建成年代'], description: '建成年代' },
  { field: 'bldgType', headers: ['bldgType', '建筑类型'], description: '建筑类型' },
  {
    field: 'totalPrice',
    headers: ['totalPrice', 'price', '租金', '总价'],
    description: '出售为总价（元，可写 650万），出租为月租金（元/月）',
  },
  { field: 'unitPrice', headers: ['unitPrice', '单价'], description: '出售为元/㎡，出租为元/㎡/月；总价与单价至少填一项' },
  {
    field: 'caseDate',
    headers: ['caseDate', 'date', 'month', '月份', '挂牌日期', '交易日期', '日期'],
    required: true,
    description: '交易或挂牌日期，如 2024-03 或 2024-03-15（按月统计）',
  },
  { field: 'source', headers: ['source', '数据来源', '来源'], description: '数据来源，默认 import' },
];

/** Plausible unit prices: sale yuan/m², lease yuan/m² per month. */
const UNIT_PRICE_RANGE: Readonly<Record<1 | 2, readonly [number, number]>> = { 1: [300, 500_000], 2: [0.5, 3_000] };

/**
 * Total and unit price of a case from either or both columns: the missing one is computed from the
 * area; both given must agree within 15 %; the unit price must be plausible for the trade type.
 */
export function readPrices(
  values: RowValues<string>,
  tradeType: 1 | 2 | null,
  area: number | null,
  totalField: string,
  unitField: string,
): { totalPrice: number | null; unitPrice: number | null } {
  let total = values.parse(totalField, (t) => parseMoney(t, tradeType === 2 ? '租金' : '总价'));
  let unit = values.parse(unitField, (t) => parseUnitPrice(t));
  if (total === null && unit === null) {
    if (!values.has(totalField) && !values.has(unitField)) values.problem('总价和单价至少填写一项');
    return { totalPrice: null, unitPrice: null };
  }
  if (area === null || tradeType === null) return { totalPrice: total, unitPrice: unit };
  if (total !== null && total <= 0) {
    values.problem('总价须大于 0');
    return { totalPrice: null, unitPrice: null };
  }
  if (unit === null && total !== null) unit = Math.round((total / area) * 100) / 100;
  if (total === null && unit !== null) total = Math.round(unit * area * 100) / 100;
  if (total === null || unit === null) return { totalPrice: null, unitPrice: null };
  if (Math.abs(unit * area - total) > 0.15 * total) {
    values.problem(`总价 ${total} 与单价 ${unit} × 面积 ${area} 不符`);
  }
  const [min, max] = UNIT_PRICE_RANGE[tradeType];
  if (unit < min || unit > max) values.problem(`单价 ${unit} 超出${tradeType === 1 ? '出售' : '出租'}的合理范围 ${min}–${max}`);
  return { totalPrice: total, unitPrice: unit };
}

/** Area in m², above 0 and below 100,000. */
export function parseArea(text: string): number | null {
  const area = parseNumber(text, '面积');
  if (area !== null && (area <= 0 || area >= 100_000)) throw new FieldError(`面积 ${area} 超出合理范围`);
  return area;
}

/** The month of a case, no later than the current month. */
export function parseCaseMonth(text: string, now = businessNow()): string | null {
  const month = parseMonth(text);
  const current = `${monthKey(now)}-01`;
  if (month !== null && month > current) throw new FieldError(`日期 ${month.slice(0, 7)} 晚于当前月份`);
  return month;
}

export interface CommunityRef {
  id: number;
  cityCode: string;
  distCode: string | null;
}

/** Communities by haCode, read from the database once each. */
export class CommunityLookup {
  private readonly known = new Map<string, CommunityRef | null>();

  async resolve(manager: Pick<EntityManager, 'query'>, haCodes: readonly string[]): Promise<Map<string, CommunityRef | null>> {
    const missing = [...new Set(haCodes.filter((c) => !this.known.has(c)))];
    if (missing.length > 0) {
      const rows: Array<{ id: number; ha_code: string; city_code: string; dist_code: string | null }> = await manager.query(
        'SELECT id, ha_code, city_code, dist_code FROM community WHERE ha_code = ANY($1::varchar[])',
        [missing],
      );
      for (const code of missing) this.known.set(code, null);
      for (const r of rows) this.known.set(r.ha_code, { id: r.id, cityCode: r.city_code, distCode: r.dist_code });
    }
    return new Map(haCodes.map((c) => [c, this.known.get(c) ?? null]));
  }
}

/** A case row as parsed, before its community is looked up. */
export type ParsedCase = Omit<CaseRow, 'communityId' | 'cityCode' | 'distCode'> & { haCode: string };

export function marketCaseImportSpec(): TableImportSpec<CaseField, ParsedCase> {
  const communities = new CommunityLookup();
  return {
    kind: 'cases',
    columns: CASE_IMPORT_COLUMNS,
    parse(values) {
      const caseKey = values.string('caseKey', 80, true);
      const haCode = values.string('haCode', 32, true);
      const tradeType = values.required('tradeType', parseTradeType);
      const propType = values.parse('propType', parsePropType) ?? 11;
      const area = values.required('area', parseArea);
      const floor = values.parse('floor', (t) => parseInteger(t, '所在楼层', -5, 200));
      const totalFloors = values.parse('totalFloors', (t) => parseInteger(t, '总楼层', 1, 200));
      if (floor !== null && totalFloors !== null && floor > totalFloors) values.problem(`所在楼层 ${floor} 高于总楼层 ${totalFloors}`);
      const layout = values.parse('layout', parseLayout);
      const rooms = layout?.rooms ?? values.parse('rooms', (t) => parseInteger(t, '室', 0, 20));
      const halls = layout?.halls ?? values.parse('halls', (t) => parseInteger(t, '厅', 0, 20));
      const baths = layout?.baths ?? values.parse('baths', (t) => parseInteger(t, '卫', 0, 20));
      const { totalPrice, unitPrice } = readPrices(values, tradeType, area, 'totalPrice', 'unitPrice');
      const caseDate = values.required('caseDate', (t) => parseCaseMonth(t));
      const row = {
        propType,
        floor,
        totalFloors,
        rooms,
        halls,
        baths,
        face: values.parse('face', parseFace),
        intDeco: values.parse('intDeco', parseDecoration),
        buildYear: values.parse('buildYear', (t) => parseBuildYear(t)),
        bldgType: values.parse('bldgType', parseBuildingType),
        source: values.string('source', 40) ?? 'import',
      };
      values.check();
      return {
        ...row,
        caseKey: present(caseKey),
        haCode: present(haCode),
        tradeType: present(tradeType),
        area: present(area),
        totalPrice: present(totalPrice),
        unitPrice: present(unitPrice),
        caseDate: present(caseDate),
      };
    },
    async flush(manager, rows, report) {
      const refs = await communities.resolve(
        manager,
        rows.map((r) => r.row.haCode),
      );
      const cases: CaseRow[] = [];
      for (const { line, row } of rows) {
        const community = refs.get(row.haCode);
        if (!community) {
          report.reject(line, `小区编码「${row.haCode}」不存在，请先导入小区`);
          continue;
        }
        const { haCode: _haCode, ...fields } = row;
        cases.push({ ...fields, communityId: community.id, cityCode: community.cityCode, distCode: community.distCode });
        report.affect(community.cityCode, row.caseDate);
      }
      report.add(await upsertCases(manager, cases));
    },
  };
}
