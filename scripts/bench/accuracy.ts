/**
 * Accuracy benchmark of the valuation engine: every listing of a real market file is valued from
 * all the others (leave-one-out) through the same `valuate` the API calls, and the ratio study
 * (median absolute % error, PPE10/PPE20, median ratio, COD, PRD, PRB with its interval) is printed
 * per method and per confidence class, with the median ratio by tenth of value, and beside two
 * reference lines computed on the same file in the same run (the community median, and
 * similarity-weighted comparables) and the engine's lead over each.
 *
 *   npm run bench:accuracy -- [csv] [--limit N] [--out results.csv] [--sparse N [--seed S]] [--no-build-year] [--time-order] [--calibrate] [--publish]
 *
 * --out writes one row per listing (id, actual and estimated total price, method, class) for
 * closer study of the errors. --sparse N keeps at most N listings per community (a sample drawn
 * with the seed, 1 by default) and values only those, from only those: a thin market.
 * --no-build-year forgets every build year, as in files that have none. Where the
 * file has listing dates, cases are brought to the valuation date by monthly indices of the file
 * (median unit price of the city and of the district by month), and --time-order values each
 * dated listing on its date from the listings dated before it only. The coverage of the engine's
 * value ranges is printed; --calibrate measures the errors by situation and writes them as the
 * calibration the ranges come from (libs/valuation/src/lib/range-calibration.ts). --publish writes
 * the figures of the engine's answers, overall and by class and method, as the accuracy the product
 * shows (libs/valuation/src/lib/published-accuracy.ts), in place of the earlier run on the same data
 * set (full file, sparse N, time order) only.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { businessToday } from '@valuation/domain';
import {
  calibrateRanges,
  depthBucket,
  ENGINE_VERSION,
  estimateStandardUnitPrice,
  publishDataSet,
  PUBLISHED_ACCURACY,
  publishedAccuracyModule,
  publishedDataSet,
  ratioByDecile,
  ratioStudy,
  seededRandom,
  valuate,
  type ConfidenceClass,
  type MarketCase,
  type MethodName,
  type MonthlySeries,
  type PriceIndices,
  type RatioStudy,
  type ValueRange,
  type ValuationInput,
} from '@valuation/valuation';
import { communityMedianEstimate, similarityEstimate } from './baselines';
import { readListings, type Listing } from './listings-csv';

const VALUATION_DATE = '2021-12-01';
const LATEST_BUILD_YEAR = 2022;

interface Outcome {
  id: string;
  actual: number;
  answer: { method: MethodName; estimate: number; cls: ConfidenceClass | null } | null;
  methods: { method: MethodName; estimate: number; cls: ConfidenceClass | null }[];
  nearbyOnly: boolean;
  /** The reference lines' estimates of the same listing, from the same market. */
  communityMedian: number | null;
  similarity: number | null;
  range: ValueRange | null;
  communityCases: number;
}

function repoRoot(): string {
  let dir = __dirname;
  while (dir !== dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

interface Args {
  csv: string;
  limit: number | null;
  out: string | null;
  /** Keep at most this many listings per community, a seeded sample, and value only those. */
  sparse: number | null;
  seed: number;
  /** Forget every listing's build year, as in files without one. */
  noBuildYear: boolean;
  /** Value each dated listing only from listings dated before it, on its own date. */
  timeOrder: boolean;
  /** Measure the engine's errors by situation and write them as the calibration of its value ranges. */
  calibrate: boolean;
  /** Write the figures of this run as the accuracy the product publishes. */
  publish: boolean;
}

function parseArgs(argv: string[]): Args {
  let csv: string | null = null;
  let limit: number | null = null;
  let out: string | null = null;
  let sparse: number | null = null;
  let seed = 1;
  let timeOrder = false;
  let noBuildYear = false;
  let calibrate = false;
  let publish = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--limit') limit = Number(argv[++i]);
    else if (argv[i] === '--out') out = resolve(argv[++i]);
    else if (argv[i] === '--sparse') sparse = Number(argv[++i]);
    else if (argv[i] === '--seed') seed = Number(argv[++i]);
    else if (argv[i] === '--time-order') timeOrder = true;
    else if (argv[i] === '--no-build-year') noBuildYear = true;
    else if (argv[i] === '--calibrate') calibrate = true;
    else if (argv[i] === '--publish') publish = true;
    else csv = argv[i];
  }
  if (sparse !== null && !(Number.isInteger(sparse) && sparse >= 1))
    throw new Error('--sparse needs a whole number of listings per community, 1 or more');
  const root = repoRoot();
  return {
    csv: resolve(root, csv ?? '../shared/data/beijing-2021-listings.csv'),
    limit,
    out,
    sparse,
    seed,
    noBuildYear,
    timeOrder,
    calibrate,
    publish,
  };
}

/** At most `perCommunity` listings of each community, drawn at random with the seed, in file order. */
function sparseSample(listings: readonly Listing[], perCommunity: number, seed: number): Listing[] {
  const random = seededRandom(seed);
  const keys = new Map(listings.map((l) => [l, random()]));
  const kept = new Set<Listing>();
  for (const group of groupBy(listings, (l) => `${l.propType}|${l.communityCode}`).values()) {
    for (const l of [...group].sort((a, b) => keys.get(a)! - keys.get(b)!).slice(0, perCommunity)) kept.add(l);
  }
  return listings.filter((l) => kept.has(l));
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

function averages(listings: readonly Listing[], key: (l: Listing) => string): Map<string, { sum: number; count: number }> {
  const map = new Map<string, { sum: number; count: number }>();
  for (const l of listings) {
    const k = key(l);
    const a = map.get(k) ?? { sum: 0, count: 0 };
    a.sum += l.unitPrice;
    a.count++;
    map.set(k, a);
  }
  return map;
}

/** The other listings' average, leaving the subject out. */
function averageWithout(a: { sum: number; count: number } | undefined, subject: Listing): number | null {
  return a && a.count > 1 ? (a.sum - subject.unitPrice) / (a.count - 1) : null;
}

/**
 * How well listings predict each other when everything recorded about them is the same: each
 * listing with such twins (same community, area, layout, height, orientation, decoration,
 * building type and build year) is valued at the geometric mean of its twins' unit prices. What
 * separates twins (the unit's own floor, view and condition, the seller's asking) is beyond what
 * any model of the recorded features can explain, so this bounds the accuracy to expect.
 */
function twinEstimates(listings: readonly Listing[]): Map<string, { estimate: number; actual: number }> {
  const twins = groupBy(listings, (l) =>
    [l.propType, l.communityCode, l.area, l.rooms, l.halls, l.baths, l.totalFloors, l.face, l.decoration, l.buildingType, l.buildYear].join(
      '|',
    ),
  );
  const estimates = new Map<string, { estimate: number; actual: number }>();
  for (const group of twins.values()) {
    if (group.length < 2) continue;
    const logSum = group.reduce((a, l) => a + Math.log(l.unitPrice), 0);
    for (const l of group) {
      const others = (logSum - Math.log(l.unitPrice)) / (group.length - 1);
      estimates.set(l.id, { estimate: Math.exp(others) * l.area, actual: l.totalPrice });
    }
  }
  return estimates;
}

/** yyyy-MM of the month before a yyyy-MM(-dd) date. */
function previousMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** Median unit price by month (yyyy-MM) of dated listings, per key: the file's own price indices. */
function monthlyMedians(listings: readonly Listing[], key: (l: Listing) => string): Map<string, MonthlySeries> {
  const byKeyMonth = groupBy(
    listings.filter((l) => l.month),
    (l) => `${key(l)}\u0001${l.month!.slice(0, 7)}`,
  );
  const series = new Map<string, Record<string, number>>();
  for (const [k, group] of byKeyMonth) {
    const [name, month] = k.split('\u0001');
    const prices = group.map((l) => l.unitPrice).sort((a, b) => a - b);
    const mid = prices.length >> 1;
    const value = prices.length % 2 ? prices[mid] : (prices[mid - 1] + prices[mid]) / 2;
    series.set(name, { ...(series.get(name) ?? {}), [month]: value });
  }
  return series;
}

function toCase(l: Listing): MarketCase {
  return l;
}

function inputFor(
  subject: Listing,
  community: readonly Listing[],
  businessArea: readonly Listing[],
  districtAverage: number | null,
  cityAverage: number | null,
  time: { valuationDate: string; indices: PriceIndices | null },
): ValuationInput {
  // The subject's listing (and any repeat of it under the same id) is never part of its market.
  const isSubject = (l: Listing): boolean => l === subject || l.id === subject.id;
  const own = community.filter((l) => !isSubject(l));
  const cases: MarketCase[] = own.map(toCase);
  for (const l of businessArea) if (!isSubject(l) && l.communityCode !== subject.communityCode) cases.push(toCase(l));
  const standardUnitPrice =
    subject.propType === 11 && own.length > 0
      ? estimateStandardUnitPrice({
          communityCode: subject.communityCode,
          propType: subject.propType,
          tradeType: 1,
          valuationDate: time.valuationDate,
          market: { cases: own },
        })
      : null;
  return {
    subject: {
      propType: subject.propType,
      communityCode: subject.communityCode,
      area: subject.area,
      floor: subject.floor,
      totalFloors: subject.totalFloors,
      rooms: subject.rooms,
      halls: subject.halls,
      baths: subject.baths,
      face: subject.face,
      decoration: subject.decoration,
      buildYear: subject.buildYear,
      buildingType: subject.buildingType,
    },
    tradeType: 1,
    valuationDate: time.valuationDate,
    market: {
      cases,
      communities: [{ code: subject.communityCode, name: subject.communityName, standardUnitPrice }],
      regionalAverage: { district: districtAverage, city: cityAverage, month: previousMonth(time.valuationDate) },
      indices: time.indices,
    },
  };
}

const pct = (v: number): string => (Number.isFinite(v) ? `${v.toFixed(2)} %` : '-');
const fixed = (v: number, d: number): string => (Number.isFinite(v) ? v.toFixed(d) : '-');

const signed = (v: number, d: number): string => (Number.isFinite(v) ? `${v >= 0 ? '+' : ''}${v.toFixed(d)}` : '-');

function row(label: string, s: RatioStudy): string {
  return [
    label.padEnd(28),
    String(s.count).padStart(6),
    pct(s.medianApe).padStart(9),
    pct(s.within10).padStart(9),
    pct(s.within20).padStart(9),
    fixed(s.medianRatio, 4).padStart(8),
    fixed(s.cod, 2).padStart(7),
    fixed(s.prd, 4).padStart(7),
    `${signed(s.prb, 3)} [${signed(s.prbLow, 3)}, ${signed(s.prbHigh, 3)}]`.padStart(24),
  ].join('  ');
}

/** Share (%) of prices within the value's 68 % and 95 % ranges, overall, by class and by market depth. */
function printRangeCoverage(answered: readonly Outcome[]): void {
  const ranged = answered.filter((o) => o.range !== null);
  console.log('');
  if (ranged.length === 0) {
    console.log('value ranges: none (the engine has no calibration; run with --calibrate)');
    return;
  }
  const coverage = (list: readonly Outcome[]) => {
    const in68 = list.filter((o) => o.actual >= o.range!.low && o.actual <= o.range!.high).length;
    const in95 = list.filter((o) => o.actual >= o.range!.low95 && o.actual <= o.range!.high95).length;
    const fsd = list.map((o) => o.range!.fsd).sort((a, b) => a - b)[list.length >> 1];
    return `${String(list.length).padStart(6)}  within ±1 FSD ${pct((100 * in68) / list.length).padStart(8)}  within 95 % range ${pct((100 * in95) / list.length).padStart(8)}  median FSD ${pct(100 * fsd)}`;
  };
  console.log('value ranges (targets: 68 % ± 5 within ±1 FSD, 95 % ± 3 within the 95 % range):');
  console.log(`  ${'all'.padEnd(26)}${coverage(ranged)}`);
  for (const cls of ['A', 'B', 'C'] as const) {
    const list = ranged.filter((o) => o.answer!.cls === cls);
    if (list.length) console.log(`  ${`class ${cls}`.padEnd(26)}${coverage(list)}`);
  }
  for (const [bucket, list] of [...groupBy(ranged, (o) => depthBucket(o.communityCases))].sort(
    (a, b) => Number.parseInt(a[0], 10) - Number.parseInt(b[0], 10),
  )) {
    console.log(`  ${`${bucket} community cases`.padEnd(26)}${coverage(list)}`);
  }
}

/** Writes the measured errors by situation as the engine's range calibration (libs/valuation). */
function writeCalibration(answered: readonly Outcome[], csv: string, listings: number, sparse: number | null): void {
  const calibration = calibrateRanges(
    answered.map((o) => ({ method: o.answer!.method, communityCases: o.communityCases, estimate: o.answer!.estimate, actual: o.actual })),
    {
      source: `${basename(csv)}: ${listings} listings${sparse === null ? '' : ` (at most ${sparse} per community)`}, leave-one-out`,
      engineVersion: ENGINE_VERSION,
      measuredOn: businessToday(),
    },
  );
  const file = join(repoRoot(), 'libs/valuation/src/lib/range-calibration.ts');
  writeFileSync(
    file,
    `import type { RangeCalibration } from './value-range';\n\n` +
      `/** Written by \`npm run bench:accuracy -- --calibrate\`: the engine's measured errors by situation (see value-range.ts). */\n` +
      `export const RANGE_CALIBRATION: RangeCalibration = ${JSON.stringify(calibration, null, 2)};\n`,
  );
  execFileSync(join(repoRoot(), 'node_modules/.bin/prettier'), ['--write', file], { stdio: 'ignore' });
  console.log(`range calibration (${Object.keys(calibration.cells).length} cells) written to ${file}`);
}

/** Writes the figures of the engine's answers in this run as the published accuracy of its data set (libs/valuation). */
function writePublication(answered: readonly Outcome[], csv: string, listings: number, sparse: number | null, timeOrder: boolean): void {
  const entry = publishedDataSet(
    {
      file: basename(csv),
      listings,
      design: { leaveOneOut: true, sparse, timeOrder },
      engineVersion: ENGINE_VERSION,
      measuredOn: businessToday(),
    },
    answered.map((o) => ({ method: o.answer!.method, cls: o.answer!.cls, estimate: o.answer!.estimate, actual: o.actual, range: o.range })),
  );
  const file = join(repoRoot(), 'libs/valuation/src/lib/published-accuracy.ts');
  writeFileSync(file, publishedAccuracyModule(publishDataSet(PUBLISHED_ACCURACY, entry)));
  execFileSync(join(repoRoot(), 'node_modules/.bin/prettier'), ['--write', file], { stdio: 'ignore' });
  console.log(`published accuracy of data set ${entry.label} (${entry.valued} valued) written to ${file}`);
}

function main(): void {
  const { csv, limit, out, sparse, seed, noBuildYear, timeOrder, calibrate, publish } = parseArgs(process.argv.slice(2));
  const text = readFileSync(csv, 'utf8');
  const read = readListings(text, LATEST_BUILD_YEAR);
  const { rejections } = read;
  console.log(`Leave-one-out accuracy of the valuation engine on ${csv}`);
  console.log(`rows: ${read.listings.length + rejections.length}, used: ${read.listings.length}, rejected: ${rejections.length}`);
  for (const [reason, lines] of [...groupBy(rejections, (r) => r.reason)].sort((a, b) => b[1].length - a[1].length)) {
    const shown = lines.slice(0, 10).map((l) => l.line);
    console.log(`  rejected ${lines.length}× ${reason} (line ${shown.join(', ')}${lines.length > shown.length ? ', …' : ''})`);
  }
  if (read.listings.length === 0) {
    console.error('No row of the file could be read, so there is nothing to study (the reasons are above).');
    process.exitCode = 1;
    return;
  }
  const all = noBuildYear ? read.listings.map((l) => ({ ...l, buildYear: null })) : read.listings;
  if (noBuildYear) console.log('no build years: every listing is valued and used without one');
  const listings = sparse === null ? all : sparseSample(all, sparse, seed);
  if (sparse !== null) {
    const communities = new Set(listings.map((l) => `${l.propType}|${l.communityCode}`)).size;
    console.log(
      `sparse: at most ${sparse} listings per community (seed ${seed}): ${listings.length} listings in ${communities} communities, ` +
        `${(listings.length / communities).toFixed(2)} per community; the others are left out of the market too`,
    );
  }

  const byCommunity = groupBy(listings, (l) => `${l.propType}|${l.communityCode}`);
  const byArea = groupBy(listings, (l) => `${l.propType}|${l.businessArea}`);
  const byDistrict = averages(listings, (l) => `${l.propType}|${l.district}`);
  const byCity = averages(listings, (l) => String(l.propType));

  const dated = listings.filter((l) => l.month).length;
  if (timeOrder && dated === 0) {
    console.error('--time-order needs listing dates (挂牌时间), and this file has none.');
    process.exitCode = 1;
    return;
  }
  const cityIndex = monthlyMedians(listings, (l) => String(l.propType));
  const districtIndex = monthlyMedians(listings, (l) => `${l.propType}|${l.district}`);
  if (dated > 0) {
    console.log(
      `listing dates: ${dated} of ${listings.length} listings; cases are brought to the valuation date by the file's monthly indices` +
        (timeOrder ? '; each dated listing is valued on its date from earlier listings only' : ''),
    );
  }
  const pool = timeOrder ? listings.filter((l) => l.month) : listings;
  const subjects = limit ? pool.filter((_, i) => i % Math.ceil(pool.length / limit) === 0) : pool;
  const outcomes: Outcome[] = [];
  let engineNs = 0n;
  let loadedCases = 0;
  let usedCases = 0;
  const cpuStart = process.cpuUsage();
  const wallStart = process.hrtime.bigint();
  for (const s of subjects) {
    // In time order the market is what was listed before the subject, for the engine and the references alike.
    const before = (l: Listing): boolean => !timeOrder || (l.month !== null && l.month !== undefined && l.month < s.month!);
    const community = (byCommunity.get(`${s.propType}|${s.communityCode}`) ?? []).filter(before);
    const businessArea = (byArea.get(`${s.propType}|${s.businessArea}`) ?? []).filter(before);
    const cityMonths = cityIndex.get(String(s.propType));
    const districtMonths = districtIndex.get(`${s.propType}|${s.district}`);
    const valuationDate = timeOrder ? s.month! : VALUATION_DATE;
    const input = inputFor(
      s,
      community,
      businessArea,
      timeOrder
        ? (districtMonths?.[previousMonth(valuationDate)] ?? null)
        : averageWithout(byDistrict.get(`${s.propType}|${s.district}`), s),
      timeOrder ? (cityMonths?.[previousMonth(valuationDate)] ?? null) : averageWithout(byCity.get(String(s.propType)), s),
      { valuationDate, indices: dated > 0 ? { city: cityMonths, district: districtMonths } : null },
    );
    const t0 = process.hrtime.bigint();
    const result = valuate(input);
    engineNs += process.hrtime.bigint() - t0;
    loadedCases += input.market.cases.length;
    usedCases += result.provenance.marketCaseCount;
    const methods = result.methods.map((m) => ({ method: m.method, estimate: m.totalPrice, cls: m.confidenceClass }));
    outcomes.push({
      id: s.id,
      actual: s.totalPrice,
      answer:
        result.method && result.totalPrice !== null
          ? { method: result.method, estimate: result.totalPrice, cls: result.confidenceClass }
          : null,
      methods,
      nearbyOnly: result.provenance.communityCaseCount === 0,
      communityMedian: communityMedianEstimate(s, community, businessArea),
      similarity: similarityEstimate(s, community, businessArea),
      range: result.range,
      communityCases: result.provenance.communityCaseCount,
    });
  }
  const wallMs = Number(process.hrtime.bigint() - wallStart) / 1e6;
  const cpu = process.cpuUsage(cpuStart);

  const study = (items: { estimate: number; actual: number }[]): RatioStudy => ratioStudy(items);
  const answered = outcomes.filter((o) => o.answer !== null);
  const pairs = (list: Outcome[]) => list.map((o) => ({ estimate: o.answer!.estimate, actual: o.actual }));
  console.log('');
  console.log(
    [
      'group'.padEnd(28),
      'count'.padStart(6),
      'MdAPE'.padStart(9),
      'PPE10'.padStart(9),
      'PPE20'.padStart(9),
      'ratio'.padStart(8),
      'COD'.padStart(7),
      'PRD'.padStart(7),
      'PRB [95 % interval]'.padStart(24),
    ].join('  '),
  );
  console.log(row('overall (answer)', study(pairs(answered))));
  const valued = answered.filter((o) => o.answer!.cls !== null);
  console.log(row('  valued (state 1)', study(pairs(valued))));
  for (const cls of ['A', 'B', 'C'] as const) {
    console.log(row(`  class ${cls}`, study(pairs(valued.filter((o) => o.answer!.cls === cls)))));
  }
  console.log(row('  class C, nearby cases only', study(pairs(valued.filter((o) => o.nearbyOnly)))));
  const names = [...new Set(outcomes.flatMap((o) => o.methods.map((m) => m.method)))];
  for (const name of names) {
    const items = outcomes.flatMap((o) => o.methods.filter((m) => m.method === name).map((m) => ({ ...m, actual: o.actual })));
    console.log(row(`method ${name}`, study(items)));
    for (const cls of ['A', 'B', 'C'] as const) {
      const inClass = items.filter((m) => m.cls === cls);
      if (inClass.length) console.log(row(`  ${name} class ${cls}`, study(inClass)));
    }
  }
  const overall = study(pairs(answered));
  const byClass = (['A', 'B', 'C'] as const).map((cls) => study(pairs(valued.filter((o) => o.answer!.cls === cls))).medianApe);
  const mark = (ok: boolean): string => (ok ? 'met' : 'NOT met');

  // The reference lines, on the listings every one of them values, next to the engine on the same listings.
  console.log('');
  const compared = answered.filter((o) => o.communityMedian !== null && o.similarity !== null);
  const engineOnCompared = study(pairs(compared));
  const references = [
    ['community median × area', study(compared.map((o) => ({ estimate: o.communityMedian!, actual: o.actual })))],
    ['similarity-weighted kNN', study(compared.map((o) => ({ estimate: o.similarity!, actual: o.actual })))],
  ] as const;
  console.log(`reference lines, computed in this run on the ${compared.length} listings all of them value:`);
  console.log(row('  engine', engineOnCompared));
  for (const [label, ref] of references) console.log(row(`  ${label}`, ref));
  const best = Math.min(...references.map(([, ref]) => ref.medianApe));
  for (const [label, ref] of references) {
    const lead = (100 * (ref.medianApe - engineOnCompared.medianApe)) / ref.medianApe;
    console.log(`  engine's lead over ${label}: ${lead.toFixed(1)} % lower MdAPE`);
  }
  const leadOverBest = (100 * (best - engineOnCompared.medianApe)) / best;

  console.log('');
  console.log('median ratio by tenth of value (value proxy: half the estimate over the median ratio, half the price):');
  for (const d of ratioByDecile(pairs(answered))) {
    console.log(
      `  ${String(d.decile).padStart(2)}  ${(d.from / 1e4).toFixed(0).padStart(7)}–${(d.to / 1e4).toFixed(0).padEnd(7)} 万  ${String(d.count).padStart(6)}  ${fixed(d.medianRatio, 4)}`,
    );
  }

  console.log('');
  console.log(
    `targets: lead over the best reference ≥ 10 %: ${mark(leadOverBest >= 10)} (${leadOverBest.toFixed(1)} %); ` +
      `PRD 0.98–1.03: ${mark(overall.prd >= 0.98 && overall.prd <= 1.03)} (${fixed(overall.prd, 4)}); ` +
      `PRB within ±0.05: ${mark(Math.abs(overall.prb) <= 0.05)} (${signed(overall.prb, 3)}); ` +
      `COD ≤ 8: ${mark(overall.cod <= 8)}; A better than B better than C: ${mark(byClass[0] < byClass[1] && byClass[1] < byClass[2])}`,
  );
  printRangeCoverage(answered);
  if (calibrate) writeCalibration(answered, csv, listings.length, sparse);
  if (publish) {
    if (limit) console.log('--publish with --limit: a partial run is not published');
    else if (noBuildYear) console.log('--publish with --no-build-year: a run on a file stripped of its build years is not published');
    else writePublication(answered, csv, listings.length, sparse, timeOrder);
  }

  const twins = twinEstimates(listings);
  const withTwins = answered.filter((o) => twins.has(o.id));
  console.log(row('listings with twins: by twins', study(withTwins.map((o) => twins.get(o.id)!))));
  console.log(row('  by the engine', study(pairs(withTwins))));
  const answerMethods = groupBy(answered, (o) => o.answer!.method);
  console.log(
    `answers by method: ${[...answerMethods].map(([m, l]) => `${m} ${l.length}`).join(', ')}; no value: ${outcomes.length - answered.length}`,
  );
  console.log('');
  console.log(
    `valuations: ${outcomes.length}; wall ${(wallMs / 1000).toFixed(1)} s (cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s); ` +
      `engine ${(Number(engineNs) / 1e6 / outcomes.length).toFixed(3)} ms per valuation ` +
      `(${Math.round(loadedCases / outcomes.length)} cases loaded, ${Math.round(usedCases / outcomes.length)} used on average)`,
  );
  if (out) {
    const methodNames = names.map((n) => `${n}`);
    const lines = [['id', 'actual', 'method', 'class', 'estimate', ...methodNames].join(',')];
    for (const o of outcomes) {
      const byMethod = new Map(o.methods.map((m) => [m.method, m.estimate]));
      lines.push(
        [
          o.id,
          o.actual,
          o.answer?.method ?? '',
          o.answer?.cls ?? '',
          o.answer?.estimate ?? '',
          ...names.map((n) => byMethod.get(n) ?? ''),
        ].join(','),
      );
    }
    writeFileSync(out, lines.join('\n') + '\n');
    console.log(`per-listing results written to ${out}`);
  }
}

main();
