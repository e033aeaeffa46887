import type { RiskCoefficientView } from '@valuation/contracts';
import { RISK_COEFFICIENT } from '@valuation/domain';

/** What the dialog edits: region codes ('' for 全部 below the province), business ids and the coefficient. */
export interface RiskFormValues extends Record<string, unknown> {
  provinceCode: string;
  cityCode: string;
  distCode: string;
  businessId: string[];
  priceCoefficient: number | '';
}

/** The form of api/risk/add and api/risk/update (names included for the record; the server takes its own). */
export interface RiskRequest {
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  distCode: string;
  distName: string;
  businessId: string;
  businessName: string;
  priceCoefficient: string;
}

export type RiskTarget = { kind: 'add' } | { kind: 'edit'; row: RiskCoefficientView };

export function initialRiskValues(target: RiskTarget): RiskFormValues {
  if (target.kind === 'add') {
    return { provinceCode: '', cityCode: '', distCode: '', businessId: [], priceCoefficient: RISK_COEFFICIENT.defaultValue };
  }
  const { row } = target;
  return {
    provinceCode: row.provinceCode,
    cityCode: row.cityCode ?? '',
    distCode: row.distCode ?? '',
    businessId: row.businessId ? row.businessId.split(',') : [],
    priceCoefficient: row.priceCoefficient,
  };
}

export interface NameLookup {
  region: (code: string) => string;
  business: (id: string) => string;
}

/** The request a form's values make. */
export function riskRequest(values: RiskFormValues, names: NameLookup): RiskRequest {
  return {
    provinceCode: values.provinceCode,
    provinceName: values.provinceCode ? names.region(values.provinceCode) : '',
    cityCode: values.cityCode,
    cityName: values.cityCode ? names.region(values.cityCode) : '',
    distCode: values.distCode,
    distName: values.distCode ? names.region(values.distCode) : '',
    businessId: values.businessId.join(','),
    businessName: values.businessId.map(names.business).join(','),
    priceCoefficient: values.priceCoefficient === '' ? '' : String(values.priceCoefficient),
  };
}
