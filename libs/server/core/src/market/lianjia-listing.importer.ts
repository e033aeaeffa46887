import { createHash } from 'node:crypto';
import { businessToday, LISTING_HEADERS, LISTING_LABELS, readListingRow, type ListingColumns, type ListingField } from '@valuation/domain';
import { upsertCases, upsertCommunities, type CaseRow, type CommunityRow } from './market-rows.writer';
import type { RegionResolver } from '../geo/region.resolver';
import { present, type ImportColumn, type TableImportSpec } from './table-import.runner';

/**
 * Second-hand listing exports (the `beijing-2021-listings.csv` layout, or a listing site's export
 * with Chinese headers; see LISTING_HEADERS): one asking-price listing per row. Every listing
 * becomes a sale case of a residential unit of one city (Beijing unless told), dated by its
 * listing date or else LIANJIA_SNAPSHOT_MONTH; the community it names is created when missing.
 */
export const LIANJIA_CITY_CODE = '110100';
/** The Beijing listings were taken in late 2021; listings without a date are dated November 2021. */
export const LIANJIA_SNAPSHOT_MONTH = '2021-11-01';
export const LIANJIA_SOURCE = 'lianjia-2021';

export type LianjiaField = ListingField;

const DESCRIPTIONS: Readonly<Record<ListingField, string>> = {
  id: '房源编号；案例编号为 lianjia-2021:<编号>（无编号时由城市与整行内容推出）',
  district: '区县，如 东城；所在区域 可写作「朝阳 望京」，后半为商圈',
  businessArea: '商圈，写入小区的商圈',
  community: '小区名称；小区编码由城市、区县和名称推出',
  layout: '户型，如 2室1厅',
  area: '建筑面积（㎡），如 113.62㎡',
  totalPrice: '挂牌总价，如 650万；不带单位的数按与 单价 × 面积 相符的单位（万或元）读',
  unitPrice: '挂牌单价，如 104,569元/平、70234元/平米、65000元/㎡ 或 65000',
  totalFloors: '楼栋总层数',
  floor: '所在楼层，如 低楼层 (共16层)、3/16；只有高低时按该段的中间层计',
  buildYear: '建成年代，1900 至今；可缺',
  face: '朝向，如 南北',
  decoration: '精装、简装、毛坯；其他记为空',
  buildingType: '板楼、塔楼、板塔结合；平房、暂无数据记为空',
  listedOn: '挂牌时间，如 2021-11-03；案例日期取其月份',
};

const REQUIRED: ReadonlySet<ListingField> = new Set(['district', 'community', 'area']);

/** The accepted header names of each column, the label the import report names it by last. */
export const LIANJIA_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<ListingField>> = (Object.keys(LISTING_HEADERS) as ListingField[]).map(
  (field) => ({
    field,
    headers: [...LISTING_HEADERS[field].filter((h) => h !== LISTING_LABELS[field]), LISTING_LABELS[field]],
    required: REQUIRED.has(field),
    description: DESCRIPTIONS[field],
  }),
);

/** The row texts handed to the shared reader, one per field in this order. */
const ROW_COLUMNS: ListingColumns = {
  index: Object.fromEntries(LIANJIA_IMPORT_COLUMNS.map((c, i) => [c.field, i])) as Record<ListingField, number>,
  totalInWan: false,
};

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

export interface ListingImportOptions {
  /** City of every listing of the file, 6-digit code; Beijing by default. */
  cityCode?: string;
  currentYear?: number;
}

export function lianjiaListingImportSpec(
  regions: RegionResolver,
  options: ListingImportOptions = {},
): TableImportSpec<ListingField, ListingRow> {
  const cityCode = options.cityCode ?? LIANJIA_CITY_CODE;
  const today = businessToday();
  const currentYear = options.currentYear ?? Number(today.slice(0, 4));
  const districtOf = (text: string): string | null => {
    const name = DISTRICT_ALIASES[text] ?? text.replace(/其[他它]$/, '');
    return regions.district(cityCode, name);
  };
  return {
    kind: 'lianjia-listings',
    columns: LIANJIA_IMPORT_COLUMNS,
    parse(values) {
      const texts = LIANJIA_IMPORT_COLUMNS.map((c) => values.text(c.field));
      const read = readListingRow(texts, ROW_COLUMNS, currentYear, today);
      for (const problem of read.problems ?? []) values.problem(problem);
      const id = values.text('id');
      if (id !== '' && !/^[\w-]{1,60}$/.test(id)) values.problem(`房源编号「${id}」只能含字母、数字、- 和 _，至多 60 个`);
      const distCode = read.listing ? districtOf(read.listing.district) : null;
      if (read.listing && distCode === null)
        values.problem(`区县「${read.listing.district}」不是${regions.name(cityCode) ?? cityCode}的区县`);
      const community = values.string('community', 100, true);
      const areaName = read.listing?.businessArea ?? null;
      if (areaName !== null && [...areaName].length > 50) values.problem('商圈超过 50 个字');
      values.check();

      const l = present(read.listing ?? null);
      const district = present(distCode);
      const name = present(community);
      const haCode = lianjiaHaCode(cityCode, district, name);
      const caseDate = l.listedOn ? `${l.listedOn.slice(0, 7)}-01` : LIANJIA_SNAPSHOT_MONTH;
      // Without a listing id the row's own content names it, so importing the file again updates it.
      const key = id !== '' ? id : `${cityCode}:${createHash('sha1').update(texts.join('\u0001')).digest('hex').slice(0, 20)}`;
      return {
        community: {
          haCode,
          cityCode,
          distCode: district,
          name,
          areaName,
          address: null,
          streetName: null,
          streetNo: null,
          lat: null,
          lon: null,
          buildYear: l.buildYear,
          propTypes: '11',
          bldgType: l.buildingType,
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
          caseKey: `${LIANJIA_SOURCE}:${key}`,
          cityCode,
          distCode: district,
          tradeType: 1,
          propType: 11,
          area: l.area,
          floor: l.floor,
          totalFloors: l.totalFloors,
          rooms: l.layout?.rooms ?? null,
          halls: l.layout?.halls ?? null,
          baths: l.layout?.baths ?? null,
          face: l.face,
          intDeco: l.decoration,
          buildYear: l.buildYear,
          bldgType: l.buildingType,
          totalPrice: Math.round(l.totalPrice * 100) / 100,
          unitPrice: l.unitPrice,
          caseDate,
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
      for (const c of cases) report.affect(cityCode, c.caseDate);
    },
  };
}
