import type { Listing } from './listings-csv';

/**
 * The reference lines the engine is measured against, computed on the file the benchmark runs on,
 * leaving the subject out as the engine does: what a valuer gets from the community's median, and
 * from the most similar listings nearby.
 */

const isOther = (subject: Listing) => (l: Listing) => l !== subject && l.id !== subject.id;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Median unit price of the other listings of the community (else of the business area) × area. */
export function communityMedianEstimate(subject: Listing, community: readonly Listing[], businessArea: readonly Listing[]): number | null {
  const other = isOther(subject);
  const unit = median(community.filter(other).map((l) => l.unitPrice)) ?? median(businessArea.filter(other).map((l) => l.unitPrice));
  return unit === null ? null : unit * subject.area;
}

/** Listings a similarity estimate averages. */
const NEIGHBOURS = 10;

/**
 * How unlike two listings are: relative area, rooms, height of building and floor, build decade,
 * and each differing orientation, decoration and building type, and a different community, each
 * counted when both sides know it.
 */
function dissimilarity(a: Listing, b: Listing): number {
  let d = Math.abs(Math.log(a.area / b.area)) / 0.2;
  if (a.rooms != null && b.rooms != null) d += 0.5 * Math.abs(a.rooms - b.rooms);
  if (a.totalFloors && b.totalFloors) d += Math.abs(Math.log(a.totalFloors / b.totalFloors)) / 0.7;
  if (a.floor != null && b.floor != null && a.floor > 0 && b.floor > 0) d += Math.abs(Math.log(a.floor / b.floor)) / 1.5;
  if (a.buildYear != null && b.buildYear != null) d += Math.abs(a.buildYear - b.buildYear) / 10;
  if (a.face && b.face && a.face !== b.face) d += 0.3;
  if (a.decoration && b.decoration && a.decoration !== b.decoration) d += 0.3;
  if (a.buildingType && b.buildingType && a.buildingType !== b.buildingType) d += 0.3;
  if (a.communityCode !== b.communityCode) d += 1.5;
  return d;
}

/**
 * Similarity-weighted comparables: the geometric mean unit price of the ten listings of the
 * community and business area most like the subject, weighted by 1 / (1 + dissimilarity)², × area.
 */
export function similarityEstimate(subject: Listing, community: readonly Listing[], businessArea: readonly Listing[]): number | null {
  const other = isOther(subject);
  const pool = community.filter(other);
  if (pool.length < NEIGHBOURS) for (const l of businessArea) if (l.communityCode !== subject.communityCode && other(l)) pool.push(l);
  if (pool.length === 0) return null;
  const nearest = pool
    .map((l) => ({ l, d: dissimilarity(subject, l) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, NEIGHBOURS);
  let weight = 0;
  let logSum = 0;
  for (const { l, d } of nearest) {
    const w = 1 / (1 + d) ** 2;
    weight += w;
    logSum += w * Math.log(l.unitPrice);
  }
  return Math.exp(logSum / weight) * subject.area;
}
