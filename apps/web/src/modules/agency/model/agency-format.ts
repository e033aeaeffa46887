import { AGENCY_REPORT_TYPE_LABELS, agencyReportTypeOf, formatEvalPrice, formatUnitPrice } from '@valuation/domain';

/** The total of a reply in the unit of the evaluation type: whole 万元 for a sale, 元/月 with 2 decimals for a rent. */
export const agencyTotalPrice = (value: number | null | undefined, evalType: number) => formatEvalPrice(value, evalType);

/** The unit price of a reply: whole 元/㎡ for a sale, 元/月/㎡ with 2 decimals for a rent. */
export const agencyUnitPrice = (value: number | null | undefined, evalType: number) => formatUnitPrice(value, evalType);

export const agencyReportTypeLabel = (v: boolean | number) => AGENCY_REPORT_TYPE_LABELS[agencyReportTypeOf(v)];

/** `3室2厅1卫`, from the parts given. */
export function roomLayout(br: number | null, lr: number | null, ba: number | null): string | null {
  const parts = [br !== null ? `${br}室` : '', lr !== null ? `${lr}厅` : '', ba !== null ? `${ba}卫` : ''].join('');
  return parts || null;
}

/** `6/18`, the floor over the total floors. */
export function floorText(floor: number | null, bheight: number | null): string | null {
  if (floor === null && bheight === null) return null;
  return `${floor ?? '--'}/${bheight ?? '--'}`;
}
