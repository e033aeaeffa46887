/**
 * Dictionaries of the valuation form (api/dict/list): each entry dictCode, dictName. Codes are
 * stable; names are what users see.
 */
export interface DictEntry {
  dictCode: string;
  dictName: string;
}

export type DictType = 'face' | 'intDeco' | 'indoStru' | 'bldgType' | 'bldgStru';

const entries = (rows: [string, string][]): DictEntry[] => rows.map(([dictCode, dictName]) => ({ dictCode, dictName }));

export const DICTIONARIES: Readonly<Record<DictType, readonly DictEntry[]>> = {
  /** Orientation (朝向). */
  face: entries([
    ['1', '东'],
    ['2', '南'],
    ['3', '西'],
    ['4', '北'],
    ['5', '东南'],
    ['6', '西南'],
    ['7', '东北'],
    ['8', '西北'],
    ['9', '南北'],
    ['10', '东西'],
  ]),
  /** Decoration (装修程度). */
  intDeco: entries([
    ['1', '毛坯'],
    ['2', '简装'],
    ['3', '中装'],
    ['4', '精装'],
    ['5', '豪装'],
  ]),
  /** Indoor structure (室内结构). */
  indoStru: entries([
    ['1', '平层'],
    ['2', '跃层'],
    ['3', '复式'],
    ['4', '错层'],
  ]),
  /** Building type (建筑类型); 21, 22 and 23 are houses without a floor of their own. */
  bldgType: entries([
    ['11', '多层'],
    ['12', '小高层'],
    ['13', '高层'],
    ['14', '板楼'],
    ['15', '塔楼'],
    ['16', '板塔结合'],
    ['21', '独栋别墅'],
    ['22', '联排别墅'],
    ['23', '叠拼别墅'],
  ]),
  /** Building structure (建筑结构). */
  bldgStru: entries([
    ['1', '钢混结构'],
    ['2', '砖混结构'],
    ['3', '钢结构'],
    ['4', '砖木结构'],
    ['5', '框架结构'],
  ]),
};

/** Building types whose floor field is hidden and cleared. */
export const FLOORLESS_BUILDING_TYPES: readonly string[] = ['21', '22', '23'];

export function dictName(type: DictType, code: string | null | undefined): string {
  if (!code) return '';
  return DICTIONARIES[type].find((e) => e.dictCode === code)?.dictName ?? '';
}

/** Looks a code up by its displayed name (importers read names). */
export function dictCode(type: DictType, name: string | null | undefined): string | null {
  if (!name) return null;
  const n = name.trim();
  return DICTIONARIES[type].find((e) => e.dictName === n)?.dictCode ?? null;
}
