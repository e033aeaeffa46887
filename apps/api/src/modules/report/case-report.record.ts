import type { EvalRecord, EvalResult, ReportAppraisal } from '@valuation/contracts';
import { caseTime } from '@valuation/core';
import { APPRAISAL_KIND_LABELS, MANUAL_METHOD, PROPERTY_TYPE_LABELS } from '@valuation/domain';
import type { AppraisalCaseEntity } from '@valuation/persistence';
import { houseInfoFields, houseInt } from '../../common/house-info';

const num = (v: string | null) => (v === null ? null : Number(v));

/** What the engine's figures read in a record valued by an appraiser. */
const NO_ENGINE_FIGURES = {
  method: MANUAL_METHOD,
  state: 1,
  confidenceClass: null,
  sampleCount: null,
  samplePriceMax: null,
  samplePriceMin: null,
  samplePriceAvg: null,
  riskCoefficient: null,
  riskTotalPrice: null,
  range: null,
  riskCoefficientLabel: null,
  inquiry: false,
  advisory: false,
} as const;

/** The property of a case that does not start from a valuation, from the request's house information. */
function recordFromHouseInfo(c: AppraisalCaseEntity): EvalRecord {
  const propType = houseInt(c.houseInfo.propType) ?? 11;
  return {
    ...NO_ENGINE_FIGURES,
    ...houseInfoFields(c.houseInfo),
    id: 0,
    evalCode: '',
    evalType: c.evalType,
    haCode: c.haCode,
    haName: c.haName,
    cityCode: c.cityCode,
    cityName: c.cityName,
    propType,
    proprtname: PROPERTY_TYPE_LABELS[propType] ?? '',
    businessTypeId: null,
    businessTypeName: null,
    principalCode: c.principalCode,
    cardAddress: c.cardAddress,
    location: c.location,
    gpsLon: null,
    gpsLat: null,
    bldgArea: num(c.bldgArea) ?? 0,
    cr: null,
    evalDate: caseTime(c.createdAt),
    totalPrice: null,
    unitPrice: null,
    engineVersion: '',
  };
}

/**
 * What the advisory report of an answered case shows: the property (from the valuation the case
 * started from, or from its house information), valued at the appraiser's price by the manual
 * method, and the appraiser's answer. The engine's samples and weights do not explain this value
 * and are left out.
 */
export function caseReportResult(c: AppraisalCaseEntity, source: EvalRecord | null): { result: EvalResult; appraisal: ReportAppraisal } {
  const base = source ?? recordFromHouseInfo(c);
  const totalPrice = num(c.reviewTotalPrice);
  const area = base.bldgArea || num(c.bldgArea) || 0;
  const unitPrice = num(c.reviewUnitPrice) ?? (totalPrice !== null && area > 0 ? Math.round((totalPrice / area) * 100) / 100 : null);
  const record: EvalRecord = {
    ...base,
    ...NO_ENGINE_FIGURES,
    evalType: c.evalType,
    evalDate: c.reviewedAt ? caseTime(c.reviewedAt) : base.evalDate,
    totalPrice,
    unitPrice,
  };
  return {
    result: { record, samples: [], betas: [] },
    appraisal: {
      caseNo: c.caseNo,
      kindName: APPRAISAL_KIND_LABELS[c.kind],
      appraiserName: c.context.assigneeName,
      reviewTime: c.reviewedAt ? caseTime(c.reviewedAt) : null,
      reply: c.reviewReply,
      originalPrice: num(c.originalPrice),
    },
  };
}
