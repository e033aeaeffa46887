import { dictName, formatDateTime, PROPERTY_TYPE_LABELS } from '@valuation/domain';
import type { EvalRecordEntity } from '@valuation/persistence';
import { fromWgs84 } from '@valuation/core';
import type { EvalRecord, EvalType, ValueRange } from '@valuation/contracts';
import type { Beta, SampleCase } from '@valuation/valuation';

const num = (v: string | null) => (v === null ? null : Number(v));

/** `yyyy-MM-dd HH:mm:ss` in the business time zone. */
export function dateTime(d: Date): string {
  return formatDateTime(d);
}

/** A valuation record in the shape of the specification (coordinates in bd09ll). */
export function evalRecordView(r: EvalRecordEntity): EvalRecord {
  const bd = r.gpsLon !== null && r.gpsLat !== null ? fromWgs84({ lon: r.gpsLon, lat: r.gpsLat }, 'bd09ll') : null;
  return {
    id: Number(r.id),
    evalCode: r.evalCode,
    evalType: r.evalType as EvalType,
    method: r.method,
    state: r.state,
    confidenceClass: r.confidenceClass,
    haCode: r.haCode,
    haName: r.haName,
    cityCode: r.cityCode,
    cityName: r.cityName,
    propType: r.propType,
    proprtname: PROPERTY_TYPE_LABELS[r.propType] ?? '',
    businessTypeId: r.businessTypeId,
    businessTypeName: r.businessTypeName,
    principalCode: r.principalCode,
    principal: r.principal,
    owner: r.owner,
    cardAddress: r.cardAddress,
    location: r.location,
    gpsLon: bd?.lon ?? null,
    gpsLat: bd?.lat ?? null,
    buildNo: r.buildNo,
    unit: r.unit,
    roomNo: r.roomNo,
    bldgArea: Number(r.bldgArea),
    br: r.br,
    lr: r.lr,
    ba: r.ba,
    cr: null,
    floor: r.floor,
    bheight: r.bheight,
    faceName: dictName('face', r.face),
    intdecoName: dictName('intDeco', r.intDeco),
    indoStruName: dictName('indoStru', r.indoStru),
    bldgTypeName: dictName('bldgType', r.bldgType),
    bldgstruName: dictName('bldgStru', r.bldgstruCode),
    buildYear: r.buildYear,
    evalDate: dateTime(r.createdAt),
    totalPrice: num(r.totalPrice),
    unitPrice: num(r.unitPrice),
    sampleCount: r.sampleCount,
    samplePriceMax: num(r.samplePriceMax),
    samplePriceMin: num(r.samplePriceMin),
    samplePriceAvg: num(r.samplePriceAvg),
    riskCoefficient: num(r.riskCoefficient),
    riskTotalPrice: num(r.riskTotalPrice),
    range: storedRange(r),
    riskCoefficientLabel: r.riskCoefficientLabel,
    engineVersion: r.engineVersion,
    inquiry: false,
    advisory: false,
  };
}

interface StoredResult {
  samples?: SampleCase[];
  betas?: Beta[];
  range?: unknown;
  trend?: { X: number | null; R: number | null; month: string; source: string; series: { month: string; value: number }[] } | null;
}

export function storedResult(r: EvalRecordEntity): StoredResult {
  return r.result as StoredResult;
}

const RANGE_FIELDS = ['fsd', 'low', 'high', 'low95', 'high95'] as const;

/** The range kept with the record; null for records stored without one. */
export function storedRange(r: EvalRecordEntity): ValueRange | null {
  return valueRangeOf(storedResult(r).range);
}

/** A range as stored (`result.range`), or null when what is stored is not a whole range. */
export function valueRangeOf(stored: unknown): ValueRange | null {
  const range = stored as Partial<Record<(typeof RANGE_FIELDS)[number], unknown>> | null | undefined;
  if (!range || typeof range !== 'object') return null;
  if (!RANGE_FIELDS.every((f) => typeof range[f] === 'number' && Number.isFinite(range[f]))) return null;
  const { fsd, low, high, low95, high95 } = range as ValueRange;
  return { fsd, low, high, low95, high95 };
}
