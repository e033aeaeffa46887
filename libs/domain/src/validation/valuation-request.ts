import { DICTIONARIES, FLOORLESS_BUILDING_TYPES, type DictType } from '../codes/dictionaries';
import { EVAL_FIELDS } from '../codes/eval-fields';
import { INT4_MAX } from './fields';

/** Messages of the valuation form (user-side specification, section 5 and the error catalogue). */
/**
 * A point marked on the map is valued as the nearest community within this distance (metres); the
 * page asks which community that is (api/community/gpstoha) with the same distance.
 */
export const POINT_COMMUNITY_RADIUS_M = 300;

export const ValuationMsg = {
  cityMissing: '未获取到城市信息，请重新选择城市后再进行评估！',
  cityUnknown: '未获取到城市信息，请刷新重新定位或选择城市！',
  noCommunity: '未获取到相关小区信息！',
  cityNotOpened: '未开通该城市',
  noEnquiryOrMapRights: '您未开通人工询价和地图权限，无法继续操作！',
  addressRequired: '请输入小区名称或证载地址！',
  propTypeInvalid: '请选择正确的物业类型',
  evalTypeInvalid: '估价类型不正确',
  areaRequired: '请输入面积',
  areaInvalid: '请输入正确的面积',
  floorRequired: '请输入楼层',
  floorInvalid: '请输入正确的楼层',
  floorAboveTotal: '不可大于总楼层',
  totalFloorsRequired: '请输入总楼层',
  totalFloorsBelowFloor: '不可小于楼层',
  buildNoInvalid: '请输入正确的栋数！',
  unitInvalid: '请输入正确单元数！',
  roomNoInvalid: '请输入正整数的户数！',
  roomsInvalid: '请输入正确的室数！',
  roomsInvalidNonResidential: '请输入正确的间数！',
  hallsInvalid: '请输入正确的厅数！',
  bathsInvalid: '请输入正确的卫数！',
  buildYearInvalid: '请输入正确的年代！',
  dictInvalid: '请选择正确的选项',
  textTooLong: '输入内容过长',
  noPropertyFound: '未查找到相关房产信息，可采用人工询价进行评估！',
} as const;

export const RESIDENTIAL = 11;
export const VALUATION_PROPERTY_TYPES = [11, 21, 22] as const;

/** Limits that depend on the property type: residential counts rooms (室), others count 间. */
export function roomRules(propType: number) {
  return propType === RESIDENTIAL
    ? { roomWord: '室', maxRooms: 20, maxBaths: 10, hallsApply: true, roomsMessage: ValuationMsg.roomsInvalid }
    : { roomWord: '间', maxRooms: 100, maxBaths: 50, hallsApply: false, roomsMessage: ValuationMsg.roomsInvalidNonResidential };
}

export interface FieldSetting {
  key: string;
  display: boolean;
  required: boolean;
}

export interface ValuationRequest {
  cityCode: string;
  cityName: string;
  propType: number;
  bldgArea: number;
  floor: number | null;
  bheight: number | null;
  buildNo: number | null;
  unit: number | null;
  roomNo: number | null;
  br: number | null;
  lr: number | null;
  ba: number | null;
  face: string | null;
  intDeco: string | null;
  buildYear: number | null;
  bldgType: string | null;
  indoStru: string | null;
  bldgstruCode: string | null;
  bldgstruName: string | null;
  haInfo: { haCode: string; haName: string } | null;
  gpsInfo: { coord: string; coordType: string } | null;
  principalCode: string | null;
  principal: string | null;
  owner: string | null;
  cardAddress: string | null;
  businessTypeId: number | null;
  business: string | null;
}

/** The longest texts a valuation record keeps (its columns). */
export const VALUATION_TEXT_MAX = { cityName: 50, haCode: 32, haName: 100, coordType: 20 } as const;

export type ValuationCheck = { ok: true; value: ValuationRequest } | { ok: false; field: string; message: string };

type Raw = Record<string, unknown>;

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());
const blank = (v: unknown) => text(v) === '';

/** Digits with at most two decimals, not zero. */
const AREA = /^\d{1,7}(\.\d{1,2})?$/;
const INTEGER = /^-?\d+$/;

function int(v: unknown): number | null {
  const s = text(v);
  return INTEGER.test(s) ? Number(s) : NaN;
}

class Failure {
  constructor(
    readonly field: string,
    readonly message: string,
  ) {}
}

function fail(field: string, message: string): never {
  throw new Failure(field, message);
}

function optionalInt(raw: Raw, field: string, min: number, max: number, message: string): number | null {
  if (blank(raw[field])) return null;
  const n = int(raw[field]);
  if (n === null || Number.isNaN(n) || n < min || n > max) fail(field, message);
  return n;
}

function optionalDict(raw: Raw, field: string, type: DictType): string | null {
  if (blank(raw[field])) return null;
  const code = text(raw[field]);
  if (!DICTIONARIES[type].some((e) => e.dictCode === code)) fail(field, ValuationMsg.dictInvalid);
  return code;
}

/** A business type id is a record id: a whole number from 1 to the largest int4. */
function businessTypeIdOf(v: unknown): number {
  const n = Number(text(v));
  if (!Number.isInteger(n) || n < 1 || n > INT4_MAX) fail('businessTypeId', ValuationMsg.dictInvalid);
  return n;
}

function optionalText(raw: Raw, field: string, max: number): string | null {
  const s = text(raw[field]);
  if (s.length > max) fail(field, ValuationMsg.textTooLong);
  return s || null;
}

/**
 * Checks a valuation request in the order the form checks it and returns the first problem with
 * the specification's message. `settings` are the resolved field settings (display, required);
 * fields missing from it use the defaults of EVAL_FIELDS.
 */
export function checkValuationRequest(raw: Raw, settings: readonly FieldSetting[] = []): ValuationCheck {
  try {
    return { ok: true, value: parse(raw, settings) };
  } catch (e) {
    if (e instanceof Failure) return { ok: false, field: e.field, message: e.message };
    throw e;
  }
}

function parse(raw: Raw, settings: readonly FieldSetting[]): ValuationRequest {
  const cityCode = text(raw.cityCode);
  if (!/^\d{6}$/.test(cityCode)) fail('cityCode', ValuationMsg.cityMissing);
  const cityName = text(raw.cityName);
  if (cityName.length > VALUATION_TEXT_MAX.cityName) fail('cityName', ValuationMsg.textTooLong);

  const propType = Number(text(raw.propType) || RESIDENTIAL);
  if (!VALUATION_PROPERTY_TYPES.includes(propType as 11)) fail('propType', ValuationMsg.propTypeInvalid);
  const rules = roomRules(propType);

  const ha = (raw.haInfo ?? {}) as Raw;
  const gps = (raw.gpsInfo ?? {}) as Raw;
  const haCode = text(ha.haCode);
  const coord = text(gps.coord);
  const haName = text(ha.haName);
  const coordType = text(gps.coordType);
  if (haCode.length > VALUATION_TEXT_MAX.haCode || haName.length > VALUATION_TEXT_MAX.haName) fail('haInfo', ValuationMsg.textTooLong);
  if (coordType.length > VALUATION_TEXT_MAX.coordType) fail('gpsInfo', ValuationMsg.textTooLong);
  if (!haCode && !coord && blank(raw.cardAddress)) fail('haInfo', ValuationMsg.addressRequired);
  if (coord && !/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(coord)) fail('gpsInfo', ValuationMsg.addressRequired);

  const areaText = text(raw.bldgArea);
  if (!areaText) fail('bldgArea', ValuationMsg.areaRequired);
  if (!AREA.test(areaText) || Number(areaText) === 0) fail('bldgArea', ValuationMsg.areaInvalid);

  const bldgType = optionalDict(raw, 'bldgType', 'bldgType');
  const floorHidden = bldgType !== null && FLOORLESS_BUILDING_TYPES.includes(bldgType);
  let floor: number | null = null;
  if (!floorHidden) {
    if (blank(raw.floor)) fail('floor', ValuationMsg.floorRequired);
    floor = int(raw.floor);
    if (floor === null || Number.isNaN(floor) || floor < -1 || floor > 50 || floor === 0) fail('floor', ValuationMsg.floorInvalid);
  }
  if (blank(raw.bheight)) fail('bheight', ValuationMsg.totalFloorsRequired);
  const bheight = int(raw.bheight);
  if (bheight === null || Number.isNaN(bheight) || bheight < 1 || bheight > 1000) fail('bheight', ValuationMsg.floorInvalid);
  if (floor !== null && floor > bheight) fail('floor', ValuationMsg.floorAboveTotal);

  const buildNo = optionalInt(raw, 'buildNo', 1, 500, ValuationMsg.buildNoInvalid);
  const unit = optionalInt(raw, 'unit', 1, 500, ValuationMsg.unitInvalid);
  const roomNo = optionalInt(raw, 'roomNo', 1, 100000, ValuationMsg.roomNoInvalid);
  const br = optionalInt(raw, 'br', 1, rules.maxRooms, rules.roomsMessage);
  const lr = rules.hallsApply ? optionalInt(raw, 'lr', 0, 10, ValuationMsg.hallsInvalid) : null;
  const ba = optionalInt(raw, 'ba', 0, rules.maxBaths, ValuationMsg.bathsInvalid);
  let buildYear: number | null = null;
  if (!blank(raw.buildYear)) {
    const s = text(raw.buildYear);
    if (!/^\d{1,4}$/.test(s) || Number(s) === 0) fail('buildYear', ValuationMsg.buildYearInvalid);
    buildYear = Number(s);
  }

  const value: ValuationRequest = {
    cityCode,
    cityName,
    propType,
    bldgArea: Number(areaText),
    floor,
    bheight,
    buildNo,
    unit,
    roomNo,
    br,
    lr,
    ba,
    face: optionalDict(raw, 'face', 'face'),
    intDeco: optionalDict(raw, 'intDeco', 'intDeco'),
    buildYear,
    bldgType,
    indoStru: optionalDict(raw, 'indoStru', 'indoStru'),
    bldgstruCode: optionalDict(raw, 'bldgstruCode', 'bldgStru'),
    bldgstruName: optionalText(raw, 'bldgstruName', 20),
    haInfo: haCode ? { haCode, haName } : null,
    gpsInfo: coord ? { coord, coordType: coordType || 'bd09ll' } : null,
    principalCode: optionalText(raw, 'principalCode', 50),
    principal: optionalText(raw, 'principal', 50),
    owner: optionalText(raw, 'owner', 50),
    cardAddress: optionalText(raw, 'cardAddress', 200),
    businessTypeId: blank(raw.businessTypeId) ? null : businessTypeIdOf(raw.businessTypeId),
    business: optionalText(raw, 'business', 20),
  };

  const setting = new Map(settings.map((s) => [s.key, s]));
  for (const field of EVAL_FIELDS) {
    const s = setting.get(field.key) ?? field;
    if (!s.display || !s.required) continue;
    if (field.residentialOnly && propType !== RESIDENTIAL) continue;
    const v = value[field.key as keyof ValuationRequest];
    if (v === null || v === undefined || v === '') fail(field.key, field.requiredMessage);
  }
  return value;
}
