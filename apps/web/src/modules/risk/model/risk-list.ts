import { RISK_COEFFICIENT, RiskMsg, type RiskListQuery } from '@valuation/domain';
import type { FilterField, FilterOption } from '@valuation/ui';

/** Page sizes of the risk coefficient list (staff spec, section 9). */
export const RISK_PAGE_SIZES = [10, 50, 100, 200] as const;

const coefficientField = (key: string, label: string, defaultValue: string): FilterField => ({
  kind: 'number',
  key,
  label,
  min: RISK_COEFFICIENT.min,
  max: RISK_COEFFICIENT.max,
  step: RISK_COEFFICIENT.step,
  decimals: RISK_COEFFICIENT.decimals,
  defaultValue,
  width: 96,
});

/** The filters: region (each level with 全部), business, coefficient from 0 to 1 by default, update dates. */
export function riskFields(businesses: readonly FilterOption[]): FilterField[] {
  return [
    {
      kind: 'region',
      key: 'region',
      label: '地区',
      keys: { province: 'provinceCode', city: 'cityCode', district: 'distCode' },
      width: 120,
    },
    { kind: 'select', key: 'businessName', label: '业务', options: [{ value: 'all', label: '全部' }, ...businesses], width: 130 },
    coefficientField('coefficientMin', '风控系数从', '0'),
    coefficientField('coefficientMax', '至', '1'),
    { kind: 'dateRange', key: 'updateTime', label: '更新日期', beginKey: 'beginDate', endKey: 'endDate' },
  ];
}

/** The query of api/risk/list from the applied filters (blank ones already dropped). */
export function riskQuery(q: Readonly<Record<string, string>>): Partial<Omit<RiskListQuery, 'pageIndex' | 'pageSize'>> {
  const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
  return {
    provinceCode: q.provinceCode,
    cityCode: q.cityCode,
    distCode: q.distCode,
    businessName: q.businessName,
    coefficientMin: num(q.coefficientMin),
    coefficientMax: num(q.coefficientMax),
    beginDate: q.beginDate,
    endDate: q.endDate,
  };
}

/** The spec's message when the coefficient range is upside down, else null. */
export function coefficientRangeError(q: Readonly<Record<string, string>>): string | null {
  const min = q.coefficientMin ? Number(q.coefficientMin) : RISK_COEFFICIENT.min;
  const max = q.coefficientMax ? Number(q.coefficientMax) : RISK_COEFFICIENT.max;
  return min > max ? RiskMsg.filterRange : null;
}
