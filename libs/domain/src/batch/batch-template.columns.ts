import { PROPERTY_TYPE_LABELS } from '../codes/codes';
import { DICTIONARIES, type DictType } from '../codes/dictionaries';
import {
  checkValuationRequest,
  ValuationMsg,
  VALUATION_PROPERTY_TYPES,
  type FieldSetting,
  type ValuationCheck,
} from '../validation/valuation-request';
import { BatchMsg } from './batch-upload.rules';

export type BatchColumnKey =
  | 'cityName'
  | 'distName'
  | 'location'
  | 'propType'
  | 'bldgArea'
  | 'floor'
  | 'bheight'
  | 'br'
  | 'lr'
  | 'ba'
  | 'face'
  | 'intDeco'
  | 'buildYear'
  | 'principalCode'
  | LoanColumnKey;

/** The columns a loan book adds to the batch template. */
export type LoanColumnKey = 'loanNo' | 'loanAmount' | 'loanDate' | 'originValue';

/** A row of a batch file by column key; blank cells are left out. */
export type BatchRowInput = Partial<Record<BatchColumnKey, string>>;

export interface BatchOption {
  code: string;
  name: string;
}

export interface BatchColumn {
  key: BatchColumnKey;
  /** Header of the template; required columns end with *. */
  header: string;
  required: boolean;
  /** Column width in characters. */
  width: number;
  /** Choices of a drop-down column: the cell holds the name (the code is accepted too). */
  options?: readonly BatchOption[];
  example: string;
  note: string;
}

const dictOptions = (type: DictType): BatchOption[] => DICTIONARIES[type].map((e) => ({ code: e.dictCode, name: e.dictName }));

export const BATCH_PROPERTY_TYPE_OPTIONS: readonly BatchOption[] = VALUATION_PROPERTY_TYPES.map((code) => ({
  code: String(code),
  name: PROPERTY_TYPE_LABELS[code],
}));

/** Columns of the batch template, in order. 春晓花园 is a community of the Beijing demo market. */
export const BATCH_COLUMNS: readonly BatchColumn[] = [
  { key: 'cityName', header: '城市*', required: true, width: 10, example: '北京市', note: '城市名称，如 北京市 或 北京' },
  { key: 'distName', header: '区县', required: false, width: 10, example: '朝阳区', note: '区县名称，可不填' },
  { key: 'location', header: '小区名称或地址*', required: true, width: 30, example: '春晓花园', note: '小区名称或房产地址' },
  {
    key: 'propType',
    header: '物业类型*',
    required: true,
    width: 10,
    options: BATCH_PROPERTY_TYPE_OPTIONS,
    example: '住宅',
    note: '住宅、办公或商铺（下拉选择）',
  },
  { key: 'bldgArea', header: '建筑面积(㎡)*', required: true, width: 14, example: '89.5', note: '数字，最多两位小数' },
  { key: 'floor', header: '所在楼层*', required: true, width: 10, example: '6', note: '整数，-1 至 50，不可大于总楼层' },
  { key: 'bheight', header: '总楼层*', required: true, width: 10, example: '18', note: '整数，1 至 1000' },
  { key: 'br', header: '室', required: false, width: 6, example: '2', note: '整数' },
  { key: 'lr', header: '厅', required: false, width: 6, example: '1', note: '整数' },
  { key: 'ba', header: '卫', required: false, width: 6, example: '1', note: '整数' },
  { key: 'face', header: '朝向', required: false, width: 8, options: dictOptions('face'), example: '南北', note: '下拉选择' },
  { key: 'intDeco', header: '装修程度', required: false, width: 10, options: dictOptions('intDeco'), example: '精装', note: '下拉选择' },
  { key: 'buildYear', header: '建成年代', required: false, width: 10, example: '2004', note: '四位年份' },
  { key: 'principalCode', header: '客户编号', required: false, width: 16, example: 'KH0001', note: '客户自己的编号，最多 50 个字符' },
];

/** The loan columns of a loan book file, after the batch columns; all required. */
export const LOAN_COLUMNS: readonly BatchColumn[] = [
  {
    key: 'loanNo',
    header: '贷款编号*',
    required: true,
    width: 18,
    example: 'DK2023000001',
    note: '本机构贷款编号，同一文件与同一公司内唯一',
  },
  { key: 'loanAmount', header: '贷款余额(万元)*', required: true, width: 14, example: '320.50', note: '数字，最多两位小数' },
  { key: 'loanDate', header: '放款日期*', required: true, width: 12, example: '2023/05/20', note: 'yyyy/MM/dd，不晚于今天' },
  { key: 'originValue', header: '放款时估值(万元)*', required: true, width: 16, example: '560', note: '数字，最多两位小数' },
];

/** Columns of the loan book template: the property as in the batch template, then its loan. */
export const LOAN_BOOK_COLUMNS: readonly BatchColumn[] = [...BATCH_COLUMNS, ...LOAN_COLUMNS];

const normaliseHeader = (text: string) =>
  text
    .replace(/[*＊\s]/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/m2|平方米|平米/gi, '㎡');

function headerKeys(columns: readonly BatchColumn[]): Map<string, BatchColumnKey> {
  const keys = new Map<string, BatchColumnKey>();
  for (const c of columns) {
    const header = normaliseHeader(c.header);
    keys.set(header, c.key);
    keys.set(header.replace(/\(.*\)$/, ''), c.key);
  }
  return keys;
}

const HEADER_KEYS = new Map([BATCH_COLUMNS, LOAN_BOOK_COLUMNS].map((columns) => [columns, headerKeys(columns)]));

export type BatchHeaderMatch = { ok: true; keys: (BatchColumnKey | null)[] } | { ok: false; missing: string[] };

/**
 * Column keys of a header row (null for columns the template does not have); every required column
 * must be there. `columns` is BATCH_COLUMNS or LOAN_BOOK_COLUMNS.
 */
export function matchBatchHeader(cells: readonly string[], columns: readonly BatchColumn[] = BATCH_COLUMNS): BatchHeaderMatch {
  const known = HEADER_KEYS.get(columns) ?? headerKeys(columns);
  const keys = cells.map((cell) => known.get(normaliseHeader(cell ?? '')) ?? null);
  const missing = columns.filter((c) => c.required && !keys.includes(c.key)).map((c) => c.header);
  return missing.length ? { ok: false, missing } : { ok: true, keys };
}

/** A data row by column key, cells trimmed; null when every cell is blank. */
export function batchRowInput(cells: readonly string[], keys: readonly (BatchColumnKey | null)[]): BatchRowInput | null {
  const input: BatchRowInput = {};
  let any = false;
  keys.forEach((key, i) => {
    const value = (cells[i] ?? '').trim();
    if (!key || !value || input[key] !== undefined) return;
    input[key] = value;
    any = true;
  });
  return any ? input : null;
}

/** The code of a drop-down cell written as a name or as a code; undefined when blank, the text itself when unknown. */
function optionCode(options: readonly BatchOption[], text: string | undefined): string | undefined {
  if (!text) return undefined;
  return options.find((o) => o.name === text || o.code === text)?.code ?? text;
}

/** The property type code of a row (住宅 or 11...), or null. */
export function batchPropType(input: BatchRowInput): number | null {
  const code = optionCode(BATCH_PROPERTY_TYPE_OPTIONS, input.propType);
  return code && BATCH_PROPERTY_TYPE_OPTIONS.some((o) => o.code === code) ? Number(code) : null;
}

/** Where the row is, once the city and, when found, the community are resolved. */
export interface BatchRowPlace {
  cityCode: string;
  cityName: string;
  haInfo: { haCode: string; haName: string } | null;
}

/**
 * The body of a sale valuation (the shape checkValuationRequest and the quick valuation take) for
 * one row. The location text goes to cardAddress so an unresolved community can still be looked up
 * by address.
 */
export function batchRowToValuationInput(input: BatchRowInput, place: BatchRowPlace): Record<string, unknown> {
  return {
    cityCode: place.cityCode,
    cityName: place.cityName,
    propType: optionCode(BATCH_PROPERTY_TYPE_OPTIONS, input.propType),
    haInfo: place.haInfo,
    cardAddress: input.location,
    bldgArea: input.bldgArea,
    floor: input.floor,
    bheight: input.bheight,
    br: input.br,
    lr: input.lr,
    ba: input.ba,
    face: optionCode(dictOptions('face'), input.face),
    intDeco: optionCode(dictOptions('intDeco'), input.intDeco),
    buildYear: input.buildYear,
    principalCode: input.principalCode,
  };
}

/**
 * Checks one row as a valuation request: the template's required cells first (city, location,
 * property type), then the rules of the valuation form with their messages.
 */
export function checkBatchRow(input: BatchRowInput, place: BatchRowPlace | null, settings: readonly FieldSetting[] = []): ValuationCheck {
  if (!input.cityName) return { ok: false, field: 'cityName', message: BatchMsg.cityRequired };
  if (!place) return { ok: false, field: 'cityName', message: BatchMsg.cityUnknown };
  if (!input.location) return { ok: false, field: 'location', message: ValuationMsg.addressRequired };
  if (batchPropType(input) === null) return { ok: false, field: 'propType', message: ValuationMsg.propTypeInvalid };
  return checkValuationRequest(batchRowToValuationInput(input, place), settings);
}
