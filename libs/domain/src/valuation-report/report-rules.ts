/** What the valuation report shows, by valuation method, confidence class and market data. */

export const ReportMsg = {
  noData: '暂无数据',
  revalued: '重新估价成功！',
} as const;

/** Windows and limits of the report (specification section 9). */
export const REPORT_LIMITS = {
  trendYears: 2,
  distributionYears: 5,
  roomTypeYears: 5,
  minTrendPoints: 3,
  maxAxisLabels: 40,
  maxRooms: 15,
  sampleCases: 5,
  nearbyLimit: 21,
  nearbyDistance: 1000,
} as const;

export type ValuationMethod =
  'forsale' | 'lease' | 'fvSale' | 'fvLease' | 'mraSale' | 'mraLease' | 'msaSale' | 'msaLease' | 'averageSale' | 'averageLease' | 'manual';

const METHOD_LABELS: Readonly<Record<ValuationMethod, string>> = {
  forsale: '市场比较法',
  lease: '市场比较法',
  fvSale: '综合估价法',
  fvLease: '综合估价法',
  mraSale: '多元回归法',
  mraLease: '多元回归法',
  msaSale: '标准价调整法',
  msaLease: '标准价调整法',
  averageSale: '区域均价法',
  averageLease: '区域均价法',
  manual: '人工估价',
};

/** Chinese name of a valuation method code; unknown codes are shown as they are. */
export function methodLabel(method: string | null | undefined): string {
  if (!method) return '';
  return METHOD_LABELS[method as ValuationMethod] ?? method;
}

/** Whether a method code is one of the regional average methods (averageSale, averageLease). */
export function isAverageMethod(method: string | null | undefined): boolean {
  return typeof method === 'string' && method.startsWith('average');
}

export interface ReportVisibility {
  /** The comparable cases table. */
  samples: boolean;
  /** The feature-influence radar chart. */
  radar: boolean;
  /** The nearby community prices table. */
  nearbyPrices: boolean;
}

/** The method of a value an appraiser gave (the advisory report of a manual enquiry or re-appraisal). */
export const MANUAL_METHOD = 'manual';

/**
 * Method blacklists: regression (mra*), standard price (msa*), regional average (average*) and
 * appraisers' (manual) results have no cases or feature weights to show; average results also
 * hide nearby prices.
 */
export function reportVisibility(method: string | null | undefined): ReportVisibility {
  const m = method ?? '';
  const noCases = m.startsWith('mra') || m.startsWith('msa') || m.startsWith('average') || m === MANUAL_METHOD;
  return { samples: !noCases, radar: !noCases, nearbyPrices: !m.startsWith('average') };
}

export interface ConfidenceInfo {
  label: string;
  description: string;
}

/** A class needs its cases and the measured precision of its method (the engine's FSD ceilings: 10 % for A, 15 % for B). */
const CONFIDENCE: Readonly<Record<string, ConfidenceInfo>> = {
  A: { label: 'A级', description: '同小区可比案例充足（10个及以上），实测预测标准差不超过10%，估价结果可信度高' },
  B: { label: 'B级', description: '同小区可比案例较多（3个及以上），实测预测标准差不超过15%，估价结果可信度较高' },
  C: { label: 'C级', description: '同小区可比案例较少或仅有周边小区案例，或估价方法实测误差较大，估价结果仅供参考' },
};

/** Label and explanation of a confidence class (A, B, C); null for no or an unknown class. */
export function confidenceInfo(cls: string | null | undefined): ConfidenceInfo | null {
  return cls ? (CONFIDENCE[cls.toUpperCase()] ?? null) : null;
}

/**
 * The nearby list of the report asks for one community more than it shows: the first answer is
 * the subject's own community and is dropped. A list that does not start with it is only cut
 * to the shown length.
 */
export function nearbyWithoutSelf<T extends { haCode: string; distance?: number }>(
  items: readonly T[],
  haCode: string | null | undefined,
): T[] {
  const shown = REPORT_LIMITS.nearbyLimit - 1;
  const first = items[0];
  const startsWithSelf = first !== undefined && ((haCode && first.haCode === haCode) || (!haCode && first.distance === 0));
  return (startsWithSelf ? items.slice(1) : items.slice()).slice(0, shown);
}

/** Room-count label for the room-type chart; 15 stands for 15 or more. Non-residential types count 间. */
export function roomTypeLabel(br: number, propType = 11): string {
  const word = propType === 11 ? '室' : '间';
  const n = Math.min(Math.max(1, Math.round(br)), REPORT_LIMITS.maxRooms);
  return n === REPORT_LIMITS.maxRooms ? `${n}${word}及以上` : `${n}${word}`;
}

/** Rooms, halls and baths as 2室1厅1卫, leaving out unknown parts. */
export function layoutLabel(br: number | null | undefined, lr: number | null | undefined, ba: number | null | undefined): string {
  const parts: string[] = [];
  if (br !== null && br !== undefined) parts.push(`${br}室`);
  if (lr !== null && lr !== undefined) parts.push(`${lr}厅`);
  if (ba !== null && ba !== undefined) parts.push(`${ba}卫`);
  return parts.join('');
}

/** Floor over total floors: '5/18层', '地下室/6层'. */
export function floorLabel(floor: number | null | undefined, total: number | null | undefined): string {
  const f = floor === null || floor === undefined ? '' : floor === -1 ? '地下室' : String(floor);
  const t = total === null || total === undefined ? '' : String(total);
  if (!f && !t) return '';
  return `${f || '--'}/${t || '--'}层`;
}
