import type { EvalRecord, EvalResult, ReportAppraisal } from '@valuation/contracts';
import { caseTime } from '@valuation/core';
import { APPRAISAL_KIND_LABELS, dictName, MANUAL_METHOD, PROPERTY_TYPE_LABELS } from '@valuation/domain';
import type { AppraisalCaseEntity } from '@valuation/persistence';

const num = (v: string | null) => (v === null ? null : Number(v));

function intOrNull(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) ? n : null;
}

const textOrNull = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const code = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/** The property of a case that does not start from a valuation, from the request's house information. */
function recordFromHouseInfo(c: AppraisalCaseEntity): EvalRecord {
  const h = c.houseInfo;
  const propType = intOrNull(h.propType) ?? 11;
  return {
    id: 0,
    evalCode: '',
    evalType: c.evalType,
    method: MANUAL_METHOD,
    state: 1,
    confidenceClass: null,
    haCode: c.haCode,
    haName: c.haName,
    cityCode: c.cityCode,
    cityName: c.cityName,
    propType,
    proprtname: PROPERTY_TYPE_LABELS[propType] ?? '',
    businessTypeId: null,
    businessTypeName: null,
    principalCode: c.principalCode,
    principal: textOrNull(h.principal),
    owner: textOrNull(h.owner),
    cardAddress: c.cardAddress,
    location: c.location,
    gpsLon: null,
    gpsLat: null,
    buildNo: textOrNull(h.buildNo),
    unit: textOrNull(h.unit),
    roomNo: textOrNull(h.roomNo),
    bldgArea: num(c.bldgArea) ?? 0,
    br: intOrNull(h.br),
    lr: intOrNull(h.lr),
    ba: intOrNull(h.ba),
    cr: null,
    floor: intOrNull(h.floor),
    bheight: intOrNull(h.bheight),
    faceName: dictName('face', code(h.face)),
    intdecoName: dictName('intDeco', code(h.intDeco)),
    indoStruName: dictName('indoStru', code(h.indoStru)),
    bldgTypeName: dictName('bldgType', code(h.bldgType)),
    bldgstruName: dictName('bldgStru', code(h.bldgStru)),
    buildYear: intOrNull(h.buildYear),
    evalDate: caseTime(c.createdAt),
    totalPrice: null,
    unitPrice: null,
    sampleCount: null,
    samplePriceMax: null,
    samplePriceMin: null,
    samplePriceAvg: null,
    riskCoefficient: null,
    riskTotalPrice: null,
    engineVersion: '',
    inquiry: false,
    advisory: false,
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
    evalType: c.evalType,
    method: MANUAL_METHOD,
    state: 1,
    confidenceClass: null,
    evalDate: c.reviewedAt ? caseTime(c.reviewedAt) : base.evalDate,
    totalPrice,
    unitPrice,
    sampleCount: null,
    samplePriceMax: null,
    samplePriceMin: null,
    samplePriceAvg: null,
    riskCoefficient: null,
    riskTotalPrice: null,
    inquiry: false,
    advisory: false,
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
