import type { AppraisalCaseDetail } from '@valuation/contracts';
import { ARTIFICIAL_REASON_LABELS, dictName, OBJECTION_REASON_LABELS, PROPERTY_TYPE_LABELS, type DictType } from '@valuation/domain';

/** The reason of a request: manual enquiries have their own list; re-appraisals and objections say too high or too low. */
export function reasonText(c: Pick<AppraisalCaseDetail, 'kind' | 'reason' | 'otherReason'>): string {
  if (c.reason === null) return c.otherReason || '--';
  const labels: Readonly<Record<number, string>> = c.kind === 'artificial' ? ARTIFICIAL_REASON_LABELS : OBJECTION_REASON_LABELS;
  const label = labels[c.reason] ?? String(c.reason);
  return c.otherReason ? `${label}（${c.otherReason}）` : label;
}

const HOUSE_LABELS: Readonly<Record<string, string>> = {
  propType: '物业类型',
  buildNo: '楼栋',
  unit: '单元',
  roomNo: '房号',
  floor: '所在楼层',
  bheight: '总楼层',
  br: '室',
  lr: '厅',
  ba: '卫',
  face: '朝向',
  intDeco: '装修',
  buildYear: '建成年代',
  bldgType: '建筑类型',
  principal: '借款人',
  owner: '产权人',
};

/**
 * The request's house fields beyond those the case page shows itself (city, community, address,
 * area), labelled, with the property type and dictionary codes by name.
 */
export function houseInfoItems(info: Record<string, unknown>): { label: string; value: string }[] {
  const known = Object.keys(HOUSE_LABELS);
  return Object.entries(info)
    .filter(([k, v]) => known.includes(k) && v !== null && v !== undefined && v !== '' && typeof v !== 'object')
    .sort(([a], [b]) => known.indexOf(a) - known.indexOf(b))
    .map(([k, v]) => ({ label: HOUSE_LABELS[k], value: houseValue(k, v) }));
}

const DICT_FIELDS: Readonly<Record<string, DictType>> = { face: 'face', intDeco: 'intDeco', bldgType: 'bldgType' };

function houseValue(key: string, value: unknown): string {
  if (key === 'propType') return PROPERTY_TYPE_LABELS[Number(value)] ?? String(value);
  const dict = DICT_FIELDS[key];
  return (dict && dictName(dict, String(value))) || String(value);
}
