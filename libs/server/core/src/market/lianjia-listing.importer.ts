import { createHash } from 'node:crypto';
import { businessToday } from '@valuation/domain';
import { parseArea, readPrices } from './market-case.importer';
import {
  FieldError,
  parseBuildingType,
  parseBuildYear,
  parseDecoration,
  parseFace,
  parseInteger,
  parseLayout,
} from './market-fields.parser';
import { upsertCases, upsertCommunities, type CaseRow, type CommunityRow } from './market-rows.writer';
import type { RegionResolver } from '../geo/region.resolver';
import { present, type ImportColumn, type TableImportSpec } from './table-import.runner';

/**
 * The Lianjia second-hand listings of Beijing (the `beijing-2021-listings.csv` layout): one
 * asking-price listing per row, from one snapshot. Every listing becomes a sale case of a
 * residential unit dated LIANJIA_SNAPSHOT_MONTH; the community it names is created when missing.
 */
export const LIANJIA_CITY_CODE = '110100';
/** The listings were taken in late 2021; all of them are dated November 2021. */
export const LIANJIA_SNAPSHOT_MONTH = '2021-11-01';
export const LIANJIA_SOURCE = 'lianjia-2021';

export type LianjiaField =
  | 'direction'
  | 'district'
  | 'elevator'
  | 'floor'
  | 'garden'
  | 'id'
  | 'layout'
  | 'price'
  | 'region'
  | 'renovation'
  | 'size'
  | 'unitPrice'
  | 'year';

export const LIANJIA_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<LianjiaField>> = [
  { field: 'id', headers: ['Id', '房源编号'], required: true, description: '房源编号；案例编号为 lianjia-2021:<Id>' },
  { field: 'region', headers: ['Region', '区县'], required: true, description: '北京的区县，如 东城（亦庄开发区归大兴）' },
  { field: 'district', headers: ['District', '商圈'], description: '商圈，写入小区的商圈' },
  { field: 'garden', headers: ['Garden', '小区'], required: true, description: '小区名称；小区编码由城市、区县和名称推出' },
  { field: 'layout', headers: ['Layout', '户型'], description: '户型，如 2室1厅' },
  { field: 'size', headers: ['Size', '面积'], required: true, description: '建筑面积（㎡）' },
  { field: 'price', headers: ['Price', '总价'], required: true, description: '挂牌总价，如 650万' },
  { field: 'unitPrice', headers: ['UnitPrice', '单价'], required: true, description: '挂牌单价，如 104,569元/平' },
  { field: 'floor', headers: ['Floor', '总楼层'], description: '楼栋总层数（所在楼层未知）' },
  { field: 'year', headers: ['Year', '建成年代'], description: '建成年代，1900 至今' },
  { field: 'direction', headers: ['Direction', '朝向'], description: '朝向，如 南北' },
  { field: 'renovation', headers: ['Renovation', '装修'], description: '精装、简装、毛坯；其他记为空' },
  { field: 'elevator', headers: ['Elevator', '建筑类型'], description: '板楼、塔楼、板塔结合；平房、暂无数据记为空' },
];

/** District names of the listings that are not names of the region table. */
const DISTRICT_ALIASES: Readonly<Record<string, string>> = { 亦庄开发区: '大兴区' };

/** Stable community code of a Lianjia community: LJ and 16 hex digits of a hash of city, district and name. */
export function lianjiaHaCode(cityCode: string, distCode: string, name: string): string {
  return `LJ${createHash('sha1').update(`${cityCode}|${distCode}|${name}`).digest('hex').slice(0, 16)}`;
}

interface ListingRow {
  community: CommunityRow;
  listing: Omit<CaseRow, 'communityId'>;
}

export function lianjiaListingImportSpec(
  regions: RegionResolver,
  currentYear = Number(businessToday().slice(0, 4)),
): TableImportSpec<LianjiaField, ListingRow> {
  const districtOf = (text: string): string | null => {
    const name = DISTRICT_ALIASES[text] ?? text.replace(/其他$/, '');
    return regions.district(LIANJIA_CITY_CODE, name);
  };
  return {
    kind: 'lianjia-listings',
    columns: LIANJIA_IMPORT_COLUMNS,
    parse(values) {
      const id = values.required('id', (t) => {
        if (!/^\d{1,60}$/.test(t)) throw new FieldError(`房源编号「${t}」不是数字`);
        return t;
      });
      const regionText = values.text('region');
      const distCode = regionText === '' ? null : districtOf(regionText);
      if (regionText === '') values.problem('区县不能为空');
      else if (distCode === null) values.problem(`区县「${regionText}」不是北京的区县`);
      const garden = values.string('garden', 100, true);
      const areaName = values.string('district', 50);
      const area = values.required('size', parseArea);
      const { totalPrice, unitPrice } = readPrices(values, 1, area, 'price', 'unitPrice');
      const layout = values.parse('layout', parseLayout);
      const totalFloors = values.parse('floor', (t) => parseInteger(t, '总楼层', 1, 200));
      const buildYear = values.parse('year', (t) => parseBuildYear(t, currentYear));
      const face = values.parse('direction', parseFace);
      const intDeco = values.parse('renovation', parseDecoration);
      const bldgType = values.parse('elevator', parseBuildingType);
      values.check();

      const district = present(distCode);
      const name = present(garden);
      const haCode = lianjiaHaCode(LIANJIA_CITY_CODE, district, name);
      return {
        community: {
          haCode,
          cityCode: LIANJIA_CITY_CODE,
          distCode: district,
          name,
          areaName,
          address: null,
          streetName: null,
          streetNo: null,
          lat: null,
          lon: null,
          buildYear,
          propTypes: '11',
          bldgType,
          volumeRate: null,
          greeningRate: null,
          constArea: null,
          groundArea: null,
          landuse: null,
          developer: null,
          propertyManager: null,
          parking: null,
          households: null,
          standardUnitPrice: null,
          source: LIANJIA_SOURCE,
        },
        listing: {
          caseKey: `${LIANJIA_SOURCE}:${present(id)}`,
          cityCode: LIANJIA_CITY_CODE,
          distCode: district,
          tradeType: 1,
          propType: 11,
          area: present(area),
          floor: null,
          totalFloors,
          rooms: layout?.rooms ?? null,
          halls: layout?.halls ?? null,
          baths: layout?.baths ?? null,
          face,
          intDeco,
          buildYear,
          bldgType,
          totalPrice: present(totalPrice),
          unitPrice: present(unitPrice),
          caseDate: LIANJIA_SNAPSHOT_MONTH,
          source: LIANJIA_SOURCE,
        },
      };
    },
    async flush(manager, rows, report) {
      const { ids, count } = await upsertCommunities(
        manager,
        rows.map((r) => r.row.community),
        'fill',
      );
      report.communitiesCreated += count.created;
      const cases = rows.map(({ row }) => ({ ...row.listing, communityId: present(ids.get(row.community.haCode) ?? null) }));
      report.add(await upsertCases(manager, cases));
      if (cases.length > 0) report.affect(LIANJIA_CITY_CODE, LIANJIA_SNAPSHOT_MONTH);
    },
  };
}
