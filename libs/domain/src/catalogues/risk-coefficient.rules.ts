import { z } from 'zod';
import { pageQuerySchema } from '../validation/paging.schemas';
import { checkDateRange, dateRangeFilterShape, filterTextSchema } from '../validation/eval-list.schemas';
import { catalogueId } from './catalogue-text';

/**
 * Risk coefficients (风控系数) of a customer company: for a province, optionally one of its cities
 * and one of that city's districts, and a set of business types (empty: every business), the share
 * of the market value a lender counts on (0..1).
 */
export const RiskMsg = {
  provinceRequired: '请选择省份！',
  range: '风控系数范围为0-1！',
  decimals: '风控系数最多保留两位小数！',
  filterRange: '风控系数开始数不可大于截止数！',
  max: '风险系数最大值为1！',
  min: '风险系数最小值为0！',
  regionInvalid: '所选地区不存在！',
  businessInvalid: '所选业务不存在！',
  regionTaken: '该地区已添加风控系数！',
  notFound: '风控系数不存在',
  added: '风险系数新增成功！',
  edited: '编辑成功！',
  /** The spec's success message of a risk-coefficient deletion. */
  deleted: '业务删除成功！',
  confirmReplace: '该地区已添加风控系数，您确定要替换吗？',
  confirmDelete: '您确认要删除该风控系数吗!',
} as const;

export const RISK_COEFFICIENT = { min: 0, max: 1, step: 0.05, decimals: 2, defaultValue: 1 } as const;

/** What an empty region level or an empty business set shows. */
export const RISK_ALL_LABEL = '全部';

/** Field labels of a risk coefficient in the operation log. */
export const RISK_LOG_LABELS = { region: '地区', businessName: '业务', priceCoefficient: '风控系数' } as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

const regionCode = (digits: number, message: string) =>
  z.preprocess(
    (v) => (blank(v) ? null : text(v)),
    z
      .string({ message })
      .regex(new RegExp(`^\\d{${digits}}$`), message)
      .nullable(),
  );

/** A coefficient as typed: a number from 0 to 1 with at most two decimals. */
export const riskCoefficientSchema = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({ message: RiskMsg.range })
    .refine((n) => Number.isFinite(n) && n >= RISK_COEFFICIENT.min && n <= RISK_COEFFICIENT.max, RiskMsg.range)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, RiskMsg.decimals),
);

/** Comma-separated business type ids (also an array), distinct, in the given order; empty means every business. */
const businessIdsSchema = z.preprocess(
  (v) => {
    if (blank(v)) return [];
    const parts = Array.isArray(v) ? v : String(v).split(',');
    return parts.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '');
  },
  z
    .array(z.coerce.number({ message: RiskMsg.businessInvalid }).int(RiskMsg.businessInvalid).positive(RiskMsg.businessInvalid))
    .max(100, RiskMsg.businessInvalid)
    .transform((ids) => [...new Set(ids)]),
);

const regionShape = {
  provinceCode: z.preprocess(
    (v) => (blank(v) ? undefined : text(v)),
    z.string({ message: RiskMsg.provinceRequired }).regex(/^\d{6}$/, RiskMsg.regionInvalid),
  ),
  cityCode: regionCode(6, RiskMsg.regionInvalid),
  distCode: regionCode(6, RiskMsg.regionInvalid),
};

function checkRegion(v: { cityCode: string | null; distCode: string | null }, ctx: z.RefinementCtx) {
  if (v.distCode && !v.cityCode) ctx.addIssue({ code: 'custom', path: ['cityCode'], message: RiskMsg.regionInvalid });
}

/**
 * POST api/risk/add (form or JSON). The names the client sends (provinceName, cityName, distName,
 * businessName) are accepted and ignored: the server takes them from its region and business tables.
 */
export const riskAddSchema = z
  .object({
    ...regionShape,
    businessId: businessIdsSchema,
    priceCoefficient: riskCoefficientSchema,
  })
  .superRefine(checkRegion);
export type RiskAdd = z.output<typeof riskAddSchema>;

/** POST api/risk/update: the fields of an add and the id. */
export const riskEditSchema = z
  .object({
    id: catalogueId(RiskMsg.notFound),
    ...regionShape,
    businessId: businessIdsSchema,
    priceCoefficient: riskCoefficientSchema,
  })
  .superRefine(checkRegion);
export type RiskEdit = z.output<typeof riskEditSchema>;

/** POST api/risk/del (form: id). */
export const riskDeleteSchema = z.object({ id: catalogueId(RiskMsg.notFound) });

/** GET api/risk/get: the region exactly (an absent city or district means the coefficient of the whole level). */
export const riskRegionQuerySchema = z.object(regionShape).superRefine(checkRegion);
export type RiskRegionQuery = z.output<typeof riskRegionQuerySchema>;

const filterCoefficient = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({ message: RiskMsg.range })
    .refine((n) => Number.isFinite(n) && n >= RISK_COEFFICIENT.min && n <= RISK_COEFFICIENT.max, RiskMsg.range)
    .optional(),
);
const filterRegion = (digits: number) =>
  z.preprocess(
    (v) => (blank(v) || v === '0' || v === 'all' ? undefined : text(v)),
    z
      .string({ message: RiskMsg.regionInvalid })
      .regex(new RegExp(`^\\d{${digits}}$`), RiskMsg.regionInvalid)
      .optional(),
  );

const riskFilterShape = {
  provinceCode: filterRegion(6),
  cityCode: filterRegion(6),
  distCode: filterRegion(6),
  businessName: filterTextSchema(20),
  coefficientMin: filterCoefficient,
  coefficientMax: filterCoefficient,
  ...dateRangeFilterShape,
};

function checkCoefficientRange(v: { coefficientMin?: number; coefficientMax?: number }, ctx: z.RefinementCtx) {
  if (v.coefficientMin !== undefined && v.coefficientMax !== undefined && v.coefficientMin > v.coefficientMax) {
    ctx.addIssue({ code: 'custom', path: ['coefficientMax'], message: RiskMsg.filterRange });
  }
}

/** GET api/risk/list: region, business name, coefficient range, update dates (yyyy/MM/dd) and the page (10/50/100/200). */
export const riskListQuerySchema = z
  .object({ ...riskFilterShape, ...pageQuerySchema().shape })
  .superRefine(checkCoefficientRange)
  .superRefine(checkDateRange);
export type RiskListQuery = z.output<typeof riskListQuerySchema>;

/** A coefficient clamped into 0..1 and rounded to two decimals, with the message the stepper shows when it clamps. */
export function clampRiskCoefficient(value: number): { value: number; message: string | null } {
  if (value > RISK_COEFFICIENT.max) return { value: RISK_COEFFICIENT.max, message: RiskMsg.max };
  if (value < RISK_COEFFICIENT.min) return { value: RISK_COEFFICIENT.min, message: RiskMsg.min };
  return { value: Math.round(value * 100) / 100, message: null };
}

export interface RiskRegionNames {
  provinceName: string;
  cityName: string | null;
  distName: string | null;
}

/**
 * The region of a coefficient as one text: 北京市/朝阳区, 广东省/广州市, 河北省. A city named like its
 * province (the municipalities) is not repeated.
 */
export function riskRegionText(r: RiskRegionNames): string {
  const parts = [r.provinceName];
  if (r.cityName && r.cityName !== r.provinceName) parts.push(r.cityName);
  if (r.distName) parts.push(r.distName);
  return parts.join('/');
}

/** A coefficient with two decimals: 0.85, 1.00. */
export const formatRiskCoefficient = (n: number): string => n.toFixed(RISK_COEFFICIENT.decimals);

/**
 * What a valuation record says about the coefficient it applied: region, business and value,
 * 北京市/朝阳区 · 按揭贷款 · 0.85 (全部业务 for a coefficient set for every business).
 */
export function riskCoefficientLabel(region: RiskRegionNames, businessName: string | null, coefficient: number): string {
  return [riskRegionText(region), businessName ?? `${RISK_ALL_LABEL}业务`, formatRiskCoefficient(coefficient)].join(' · ');
}
