import { FieldError, normalizeText } from '@valuation/domain';
import { upsertPois, type PoiRow } from './market-rows.writer';
import type { RegionResolver } from '../geo/region.resolver';
import { COORD_COLUMNS, readCoordinates } from './community.importer';
import { present, type ImportColumn, type TableImportSpec } from './table-import.runner';

export type PoiField = 'poiKey' | 'city' | 'category' | 'subType' | 'name' | 'lon' | 'lat' | 'coordType' | 'routes' | 'source';

type PoiCategory = PoiRow['category'];

/** Sub-types by their Chinese names, and the category each belongs to. */
const SUB_TYPES: ReadonlyArray<{ code: string; category: PoiCategory; names: readonly string[] }> = [
  { code: 'subway', category: 'transport', names: ['地铁站', '地铁', '轻轨站', '轨道交通'] },
  { code: 'bus', category: 'transport', names: ['公交站', '公交', '公交车站'] },
  { code: 'kindergarten', category: 'education', names: ['幼儿园', '托儿所'] },
  { code: 'primary', category: 'education', names: ['小学'] },
  { code: 'middle', category: 'education', names: ['中学', '初中', '高中', '完全中学'] },
  { code: 'university', category: 'education', names: ['大学', '高校', '高等院校'] },
  { code: 'hospital', category: 'medical', names: ['医院', '综合医院', '专科医院'] },
  { code: 'clinic', category: 'medical', names: ['诊所', '卫生站', '社区卫生服务中心', '社区卫生服务站', '门诊部'] },
  { code: 'pharmacy', category: 'medical', names: ['药店', '药房'] },
];

const CATEGORIES: Readonly<Record<string, PoiCategory>> = {
  transport: 'transport',
  交通: 'transport',
  交通设施: 'transport',
  education: 'education',
  教育: 'education',
  学校: 'education',
  medical: 'medical',
  医疗: 'medical',
  医疗设施: 'medical',
};

/** Columns of a point-of-interest file; a header may be the English or any of the Chinese names. */
export const POI_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<PoiField>> = [
  { field: 'poiKey', headers: ['poiKey', 'poiId', 'POI编号', '编号'], required: true, description: '编号，唯一；再次导入同一编号即更新' },
  { field: 'city', headers: ['city', 'cityCode', '城市代码', '城市'], required: true, description: '城市名称或 6 位代码' },
  {
    field: 'category',
    headers: ['category', '大类', '类别'],
    description: '交通、教育 或 医疗（transport、education、medical）；可由子类推出',
  },
  {
    field: 'subType',
    headers: ['subType', 'type', '类型', '子类'],
    required: true,
    description: '地铁站、公交站、幼儿园、小学、中学、大学、医院、诊所、药店（或英文代码）',
  },
  { field: 'name', headers: ['name', '名称'], required: true, description: '名称' },
  ...COORD_COLUMNS.map((c) => ({ ...c, required: c.field !== 'coordType' })),
  { field: 'routes', headers: ['routes', 'lines', '途经线路', '线路'], description: '交通线路，多条以 ; 、或 , 分隔，如 1号线;2号线' },
  { field: 'source', headers: ['source', '数据来源', '来源'], description: '数据来源，默认 import' },
];

/** Sub-type code and category from the sub-type text and the optional category text. */
export function parsePoiType(subTypeText: string, categoryText: string): { subType: string; category: PoiCategory } {
  const t = normalizeText(subTypeText);
  const known = SUB_TYPES.find((s) => s.code === t.toLowerCase() || s.names.includes(t));
  const stated = categoryText.trim() === '' ? null : CATEGORIES[normalizeText(categoryText).toLowerCase()];
  if (stated === undefined) throw new FieldError(`类别「${categoryText.trim()}」无法识别，应为 交通、教育 或 医疗`);
  if (known) {
    if (stated !== null && stated !== known.category)
      throw new FieldError(`子类「${subTypeText.trim()}」不属于类别「${categoryText.trim()}」`);
    return { subType: known.code, category: known.category };
  }
  if (stated === null) throw new FieldError(`子类「${subTypeText.trim()}」无法识别，请同时填写类别`);
  if ([...t].length > 20) throw new FieldError(`子类「${subTypeText.trim()}」超过 20 个字`);
  return { subType: t, category: stated };
}

export function poiImportSpec(regions: RegionResolver): TableImportSpec<PoiField, PoiRow> {
  return {
    kind: 'pois',
    columns: POI_IMPORT_COLUMNS,
    parse(values) {
      const poiKey = values.string('poiKey', 80, true);
      const name = values.string('name', 100, true);
      const cityText = values.text('city');
      const cityCode = cityText === '' ? null : regions.city(cityText);
      if (cityText === '') values.problem('城市不能为空');
      else if (cityCode === null) values.problem(`城市「${cityText}」不存在`);
      const type = values.required('subType', (t) => parsePoiType(t, values.text('category')));
      const { lon, lat } = readCoordinates(values, true);
      const routes = values
        .text('routes')
        .split(/[;；,，、|]/)
        .map((r) => r.trim())
        .filter(Boolean);
      if (routes.some((r) => [...r].length > 50)) values.problem('线路名称超过 50 个字');
      const source = values.string('source', 40) ?? 'import';
      values.check();
      const { subType, category } = present(type);
      return {
        poiKey: present(poiKey),
        cityCode: present(cityCode),
        category,
        subType,
        name: present(name),
        lat: present(lat),
        lon: present(lon),
        routes: [...new Set(routes)],
        source,
      };
    },
    async flush(manager, rows, report) {
      report.add(
        await upsertPois(
          manager,
          rows.map((r) => r.row),
        ),
      );
    },
  };
}
