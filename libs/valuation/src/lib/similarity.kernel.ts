import { KRIGING } from './engine.constants';
import type { KernelFeatures } from './market';

const W = KRIGING.within;
const X = KRIGING.across;

const differ = <T>(a: T | null, b: T | null): number => (a === null || b === null ? 0.5 : a === b ? 0 : 1);

/** Dissimilarity d of two units of the same community. */
export function withinDistance(a: KernelFeatures, b: KernelFeatures): number {
  let d = W.logArea * Math.abs(a.logArea - b.logArea);
  d += W.totalFloors * differ(a.totalFloors, b.totalFloors);
  d += W.buildYearPer5 * (a.buildYear === null || b.buildYear === null ? 1 : Math.min(Math.abs(a.buildYear - b.buildYear), 10) / 5);
  d += W.buildingType * differ(a.buildingType, b.buildingType);
  d += W.layout * differ(a.layout, b.layout);
  d += W.face * differ(a.face, b.face);
  d += W.decoration * differ(a.decoration, b.decoration);
  if (a.floor !== null && b.floor !== null) d += (W.floorPer10 * Math.min(Math.abs(a.floor - b.floor), 10)) / 10;
  if (a.month !== null && b.month !== null) d += (W.monthsPer12 * Math.abs(a.month - b.month)) / 12;
  return d;
}

/** Dissimilarity dx of two units of any communities (building, size, distance and time). */
export function acrossDistance(a: KernelFeatures, b: KernelFeatures): number {
  let d = X.logArea * Math.abs(a.logArea - b.logArea);
  d += X.logTotalFloors * (a.totalFloors === null || b.totalFloors === null ? 0.5 : Math.abs(Math.log(a.totalFloors / b.totalFloors)));
  d += X.buildYearPer5 * (a.buildYear === null || b.buildYear === null ? 1 : Math.min(Math.abs(a.buildYear - b.buildYear), 20) / 5);
  d += X.buildingType * differ(a.buildingType, b.buildingType);
  d += X.kmDistance * (a.km === null || b.km === null ? 0.5 : Math.abs(a.km - b.km));
  if (a.month !== null && b.month !== null) d += (X.monthsPer12 * Math.abs(a.month - b.month)) / 12;
  return d;
}

/** Covariance of the hedonic residuals of two units. */
export function covariance(a: KernelFeatures, b: KernelFeatures, sameCommunity: boolean): number {
  const across = KRIGING.nearby * KRIGING.nearby * Math.exp(-acrossDistance(a, b));
  if (!sameCommunity) return across;
  return across + KRIGING.community * KRIGING.community + KRIGING.local * KRIGING.local * Math.exp(-withinDistance(a, b));
}
