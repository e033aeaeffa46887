import type { AccuracyFigureValues } from '@valuation/domain';
import { ratioStudy } from './ratio-study';
import type { ValueRange } from './value-range';
import type { ConfidenceClass, MethodName } from './valuation.types';

/** The figures of one group of backtested answers; null where the group is too small to have them. */
export type AccuracyFigures = AccuracyFigureValues;

export interface MethodFigures {
  method: MethodName;
  figures: AccuracyFigures;
}

/** One row group of the published tables: all answers (cls null) or those of one confidence class, overall and by method. */
export interface ClassFigures {
  cls: ConfidenceClass | null;
  overall: AccuracyFigures;
  methods: MethodFigures[];
}

/** How a data set was backtested. */
export interface BacktestDesign {
  /** Each listing valued from the others only. */
  leaveOneOut: true;
  /** At most this many listings per community kept (a thin market), or null for the whole file. */
  sparse: number | null;
  /** Each dated listing valued on its date from earlier listings only. */
  timeOrder: boolean;
}

/** The published accuracy of one data set: what it is, which engine on which day, and the figures. */
export interface PublishedDataSet {
  /** `full`, `sparse-3`, `full-time-order`...: one entry per label, a new run replaces its own label only. */
  label: string;
  file: string;
  /** Listings of the file read and kept for the study (after the sparse sample). */
  listings: number;
  /** Listings the engine answered with a value (the rows of the figures). */
  valued: number;
  design: BacktestDesign;
  engineVersion: string;
  /** Business date (yyyy-MM-dd, Asia/Shanghai) of the run. */
  measuredOn: string;
  /** All answers first, then classes A, B and C. */
  groups: ClassFigures[];
}

export interface PublishedAccuracy {
  dataSets: PublishedDataSet[];
}

/** One backtested answer: the engine's value, its method, class and range, and the listing's price. */
export interface BacktestAnswer {
  method: MethodName;
  cls: ConfidenceClass | null;
  estimate: number;
  actual: number;
  range: ValueRange | null;
}

export interface BacktestRun {
  file: string;
  listings: number;
  design: BacktestDesign;
  engineVersion: string;
  measuredOn: string;
}

export const PUBLISHED_CLASSES: readonly ConfidenceClass[] = ['A', 'B', 'C'];

/** The label a run is published under: `full` or `sparse-N`, with `-time-order` when in time order. */
export function dataSetLabel(design: Pick<BacktestDesign, 'sparse' | 'timeOrder'>): string {
  return `${design.sparse === null ? 'full' : `sparse-${design.sparse}`}${design.timeOrder ? '-time-order' : ''}`;
}

const finite = (v: number): number | null => (Number.isFinite(v) ? round(v, 6) : null);

function round(v: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
}

function share(count: number, of: number): number | null {
  return of === 0 ? null : round((100 * count) / of, 6);
}

/** The figures of a group of answers, from the ratio study of their values against the prices. */
export function accuracyFigures(answers: readonly BacktestAnswer[]): AccuracyFigures {
  const s = ratioStudy(answers);
  const ranged = answers.filter((a) => a.range !== null);
  const inFsd = ranged.filter((a) => a.actual >= a.range!.low && a.actual <= a.range!.high).length;
  const in95 = ranged.filter((a) => a.actual >= a.range!.low95 && a.actual <= a.range!.high95).length;
  return {
    n: answers.length,
    mdape: finite(s.medianApe),
    ppe10: finite(s.within10),
    ppe20: finite(s.within20),
    cod: finite(s.cod),
    prd: finite(s.prd),
    prb: finite(s.prb),
    prbLow: finite(s.prbLow),
    prbHigh: finite(s.prbHigh),
    coverageFsd: share(inFsd, ranged.length),
    coverage95: share(in95, ranged.length),
  };
}

function groupFigures(cls: ConfidenceClass | null, answers: readonly BacktestAnswer[]): ClassFigures {
  const methods = [...new Set(answers.map((a) => a.method))].sort();
  return {
    cls,
    overall: accuracyFigures(answers),
    methods: methods.map((method) => ({ method, figures: accuracyFigures(answers.filter((a) => a.method === method)) })),
  };
}

/** The published entry of one run: the answers overall and by class, each overall and by answering method. */
export function publishedDataSet(run: BacktestRun, answers: readonly BacktestAnswer[]): PublishedDataSet {
  return {
    label: dataSetLabel(run.design),
    file: run.file,
    listings: run.listings,
    valued: answers.length,
    design: run.design,
    engineVersion: run.engineVersion,
    measuredOn: run.measuredOn,
    groups: [
      groupFigures(null, answers),
      ...PUBLISHED_CLASSES.map((cls) =>
        groupFigures(
          cls,
          answers.filter((a) => a.cls === cls),
        ),
      ),
    ],
  };
}

/** The publication with this entry in place of the one of its label; the other data sets are kept, full file first. */
export function publishDataSet(current: PublishedAccuracy, entry: PublishedDataSet): PublishedAccuracy {
  const dataSets = [...current.dataSets.filter((d) => d.label !== entry.label), entry];
  const rank = (d: PublishedDataSet) => (d.label === 'full' ? 0 : 1);
  return { dataSets: dataSets.sort((a, b) => rank(a) - rank(b) || a.label.localeCompare(b.label)) };
}

/** The text of the generated module (libs/valuation/src/lib/published-accuracy.ts) holding the publication. */
export function publishedAccuracyModule(published: PublishedAccuracy): string {
  return (
    `import type { PublishedAccuracy } from './accuracy-publication';\n\n` +
    `/** Written by \`npm run bench:accuracy -- --publish\`: the engine's measured accuracy, as the product shows it. */\n` +
    `export const PUBLISHED_ACCURACY: PublishedAccuracy = ${JSON.stringify(published, null, 2)};\n`
  );
}

/** The published data set of a label (the full file by default), or null when it has not been published. */
export function publishedDataSetOf(published: PublishedAccuracy, label = 'full'): PublishedDataSet | null {
  return published.dataSets.find((d) => d.label === label) ?? null;
}
