import { parseCoordType, toWgs84 } from '../geo';
import {
  FieldError,
  parseBuildingType,
  parseBuildYear,
  parseInteger,
  parseNumber,
  parsePercent,
  parsePropTypes,
  parseUnitPrice,
} from '@valuation/domain';
import type { CommunityRow } from './market-rows.writer';
import { upsertCommunities } from './market-rows.writer';
import type { RegionResolver } from '../geo/region.resolver';
import { present, type ImportColumn, type RowValues, type TableImportSpec } from './table-import.runner';

type CoordinateField = 'lon' | 'lat' | 'coordType';

export const COORD_COLUMNS: ReadonlyArray<ImportColumn<CoordinateField>> = [
  { field: 'lon', headers: ['lon', 'lng', 'longitude', '经度'], description: '经度' },
  { field: 'lat', headers: ['lat', 'latitude', '纬度'], description: '纬度' },
  {
    field: 'coordType',
    headers: ['coordType', 'coordSys', '坐标系'],
    description: '经纬度的坐标系：wgs84（默认）、gcj02（高德、腾讯）或 bd09（百度）；入库时统一转换为 WGS84',
  },
];

/** WGS84 longitude and latitude of a row, converted from GCJ-02 or BD-09 when the row says so. */
export function readCoordinates<F extends string>(
  values: RowValues<F | CoordinateField>,
  required: boolean,
): { lon: number | null; lat: number | null } {
  const lon = values.parse('lon', (t) => parseNumber(t, '经度'));
  const lat = values.parse('lat', (t) => parseNumber(t, '纬度'));
  if (lon === null || lat === null) {
    if (values.has('lon') !== values.has('lat')) values.problem('经度和纬度须同时填写');
    else if (required && !values.has('lon')) values.problem('经度和纬度不能为空');
    return { lon: null, lat: null };
  }
  if (lon < 73 || lon > 136 || lat < 3 || lat > 54) {
    values.problem(`坐标 ${lon},${lat} 不在中国境内`);
    return { lon: null, lat: null };
  }
  const type = values.text('coordType');
  const datum = type === '' ? 'wgs84' : parseCoordType(type);
  if (datum === null) {
    values.problem(`坐标系「${type}」无法识别，应为 wgs84、gcj02 或 bd09`);
    return { lon: null, lat: null };
  }
  if (datum === 'wgs84') return { lon, lat };
  const p = toWgs84({ lon, lat }, datum);
  return { lon: Math.round(p.lon * 1e7) / 1e7, lat: Math.round(p.lat * 1e7) / 1e7 };
}

export type CommunityField =
  | 'haCode'
  | 'city'
  | 'district'
  | 'name'
  | 'areaName'
  | 'address'
  | 'streetName'
  | 'streetNo'
  | CoordinateField
  | 'buildYear'
  | 'propTypes'
  | 'bldgType'
  | 'volumeRate'
  | 'greeningRate'
  | 'constArea'
  | 'groundArea'
  | 'landuse'
  | 'developer'
  | 'propertyManager'
  | 'parkingAbove'
  | 'parkingUnder'
  | 'households'
  | 'standardUnitPrice'
  | 'source';

/** Columns of a community file; a header may be the English or any of the Chinese names. */
export const COMMUNITY_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<CommunityField>> = [
  {
    field: 'haCode',
    headers: ['haCode', '小区代码', '小区ID', '小区编码'],
    required: true,
    description: '小区编码，唯一；再次导入同一编码即更新该小区',
  },
  {
    field: 'city',
    headers: ['city', 'cityCode', '城市代码', '城市编码', '城市'],
    required: true,
    description: '城市名称或 6 位行政区划代码，如 北京 或 110100',
  },
  {
    field: 'district',
    headers: ['district', 'distCode', '区县代码', '区县编码', '行政区', '区县'],
    description: '区县名称或代码，如 朝阳 或 110105',
  },
  { field: 'name', headers: ['name', '名称', '小区名', '小区名称'], required: true, description: '小区名称' },
  { field: 'areaName', headers: ['areaName', '板块', '片区', '商圈'], description: '所属商圈或板块' },
  { field: 'address', headers: ['address', '小区地址', '地址'], description: '地址' },
  { field: 'streetName', headers: ['streetName', 'street', '街道', '路名'], description: '路名' },
  { field: 'streetNo', headers: ['streetNo', '门牌', '门牌号'], description: '门牌号' },
  ...COORD_COLUMNS,
  { field: 'buildYear', headers: ['buildYear', '建成年份', '竣工年份', '建筑年代', '建成年代'], description: '建成年代，1900 至今' },
  {
    field: 'propTypes',
    headers: ['propTypes', '物业类型'],
    description: '物业类型，多个以逗号分隔：住宅、办公、商铺 或 11,21,22；默认住宅',
  },
  {
    field: 'bldgType',
    headers: ['bldgType', '建筑类型'],
    description: '建筑类型：多层、小高层、高层、板楼、塔楼、板塔结合、独栋别墅、联排别墅、叠拼别墅',
  },
  { field: 'volumeRate', headers: ['volumeRate', '容积率'], description: '容积率' },
  { field: 'greeningRate', headers: ['greeningRate', '绿化率'], description: '绿化率，35% 或 35 或 0.35' },
  { field: 'constArea', headers: ['constArea', '总建筑面积', '建筑面积'], description: '总建筑面积（㎡）' },
  { field: 'groundArea', headers: ['groundArea', '占地面积'], description: '占地面积（㎡）' },
  { field: 'landuse', headers: ['landuse', '用地性质', '土地用途'], description: '土地用途' },
  { field: 'developer', headers: ['developer', '开发商'], description: '开发商' },
  { field: 'propertyManager', headers: ['propertyManager', '物业管理公司', '物业公司'], description: '物业公司' },
  { field: 'parkingAbove', headers: ['parkingAbove', '地上车位数', '地上车位'], description: '地上车位数' },
  { field: 'parkingUnder', headers: ['parkingUnder', 'parkingBelow', '地下车位数', '地下车位'], description: '地下车位数' },
  { field: 'households', headers: ['households', '户数', '总户数'], description: '总户数' },
  { field: 'standardUnitPrice', headers: ['standardUnitPrice', '标准单价', '基准价', '基准单价'], description: '基准单价（元/㎡）' },
  { field: 'source', headers: ['source', '数据来源', '来源'], description: '数据来源，默认 import' },
];

/** City code of the row's city column, and district code within it; problems go to the row. */
export function readCityAndDistrict<F extends string>(
  values: RowValues<F | 'city' | 'district'>,
  regions: RegionResolver,
): { cityCode: string | null; distCode: string | null } {
  const cityText = values.text('city');
  if (cityText === '') {
    values.problem('城市不能为空');
    return { cityCode: null, distCode: null };
  }
  const place = regions.place(cityText);
  if (place === null) {
    values.problem(`城市「${cityText}」不存在`);
    return { cityCode: null, distCode: null };
  }
  const { cityCode } = place;
  const districtText = values.text('district');
  if (districtText === '') return { cityCode, distCode: place.distCode };
  const distCode = regions.district(cityCode, districtText);
  if (distCode === null) values.problem(`区县「${districtText}」不属于${regions.name(cityCode) ?? cityCode}`);
  return { cityCode, distCode };
}

export function communityImportSpec(regions: RegionResolver): TableImportSpec<CommunityField, CommunityRow> {
  return {
    kind: 'communities',
    columns: COMMUNITY_IMPORT_COLUMNS,
    parse(values) {
      const haCode = values.string('haCode', 32, true);
      const name = values.string('name', 100, true);
      const { cityCode, distCode } = readCityAndDistrict(values, regions);
      const { lon, lat } = readCoordinates(values, false);
      const parkingAbove = values.parse('parkingAbove', (t) => parseInteger(t, '地上车位数', 0, 1_000_000));
      const parkingUnder = values.parse('parkingUnder', (t) => parseInteger(t, '地下车位数', 0, 1_000_000));
      const parking =
        parkingAbove === null && parkingUnder === null
          ? null
          : [
              ...(parkingAbove !== null ? [{ type: '地上', qnt: parkingAbove }] : []),
              ...(parkingUnder !== null ? [{ type: '地下', qnt: parkingUnder }] : []),
            ];
      const bounded = (label: string, max: number) => (t: string) => {
        const value = parseNumber(t, label);
        if (value !== null && (value < 0 || value > max)) throw new FieldError(`${label} ${value} 超出合理范围`);
        return value;
      };
      const row = {
        distCode,
        areaName: values.string('areaName', 50),
        address: values.string('address', 200),
        streetName: values.string('streetName', 50),
        streetNo: values.string('streetNo', 20),
        lat,
        lon,
        buildYear: values.parse('buildYear', (t) => parseBuildYear(t)),
        propTypes: values.parse('propTypes', parsePropTypes),
        bldgType: values.parse('bldgType', parseBuildingType),
        volumeRate: values.parse('volumeRate', bounded('容积率', 100)),
        greeningRate: values.parse('greeningRate', (t) => parsePercent(t, '绿化率')),
        constArea: values.parse('constArea', bounded('总建筑面积', 1e9)),
        groundArea: values.parse('groundArea', bounded('占地面积', 1e9)),
        landuse: values.string('landuse', 20),
        developer: values.string('developer', 100),
        propertyManager: values.string('propertyManager', 100),
        parking,
        households: values.parse('households', (t) => parseInteger(t, '总户数', 0, 32767)),
        standardUnitPrice: values.parse('standardUnitPrice', (t) => parseUnitPrice(t, '基准单价')),
        source: values.string('source', 40) ?? 'import',
      };
      values.check();
      return { ...row, haCode: present(haCode), cityCode: present(cityCode), name: present(name) };
    },
    async flush(manager, rows, report) {
      const { count } = await upsertCommunities(
        manager,
        rows.map((r) => r.row),
        'replace',
      );
      report.add(count);
    },
  };
}
