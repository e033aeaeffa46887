import { AGENCY_REPORT_TYPE_LABELS, agencyReportTypeOf, formatAmount, formatArea } from '@valuation/domain';

/** A replied price in yuan with 2 decimals and separators: `3,250,000.00元`; `--` without one. */
export function formatAgencyPrice(value: number | null | undefined, unit = '元'): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '--' : `${formatAmount(value)}${unit}`;
}

/** The total price of a reply: 元 for a sale, 元/月 for a rent. */
export const agencyTotalPrice = (value: number | null | undefined, evalType: number) =>
  formatAgencyPrice(value, evalType === 2 ? '元/月' : '元');

/** The unit price of a reply: 元/㎡ for a sale, 元/月/㎡ for a rent. */
export const agencyUnitPrice = (value: number | null | undefined, evalType: number) =>
  formatAgencyPrice(value, evalType === 2 ? '元/月/㎡' : '元/㎡');

export const agencyReportTypeLabel = (v: boolean | number) => AGENCY_REPORT_TYPE_LABELS[agencyReportTypeOf(v)];

/** `89.50㎡`; `--` without an area. */
export function agencyAreaText(area: number | null | undefined): string {
  const text = formatArea(area);
  return text === '--' ? text : `${text}㎡`;
}

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
