import {
  dataSetLabel,
  publishDataSet,
  publishedAccuracyModule,
  publishedDataSet,
  publishedDataSetOf,
  type BacktestAnswer,
  type BacktestRun,
  type PublishedAccuracy,
} from './accuracy-publication';

const range = (value: number, fsd: number) => ({
  fsd,
  low: value * (1 - fsd),
  high: value * (1 + fsd),
  low95: value * (1 - 2 * fsd),
  high95: value * (1 + 2 * fsd),
});

/** Class A: four comparison answers; class B: two regression answers, one without a range. */
const answers: BacktestAnswer[] = [
  { method: 'forsale', cls: 'A', estimate: 90, actual: 100, range: range(90, 0.1) },
  { method: 'forsale', cls: 'A', estimate: 105, actual: 100, range: range(105, 0.1) },
  { method: 'forsale', cls: 'A', estimate: 300, actual: 200, range: range(300, 0.1) },
  { method: 'forsale', cls: 'A', estimate: 100, actual: 100, range: range(100, 0.1) },
  { method: 'mraSale', cls: 'B', estimate: 120, actual: 100, range: range(120, 0.1) },
  { method: 'mraSale', cls: 'B', estimate: 100, actual: 100, range: null },
];

const run = (sparse: number | null, measuredOn = '2026-11-28'): BacktestRun => ({
  file: 'beijing-2021-listings.csv',
  listings: 10,
  design: { leaveOneOut: true, sparse, timeOrder: false },
  engineVersion: 'avm-1.3.0',
  measuredOn,
});

/** The object the generated module holds, read back from its text. */
function readModule(text: string): PublishedAccuracy {
  const json = text.slice(text.indexOf('= ') + 2, text.lastIndexOf(';'));
  return JSON.parse(json) as PublishedAccuracy;
}

describe('published accuracy', () => {
  it('labels a data set by its design', () => {
    expect(dataSetLabel({ sparse: null, timeOrder: false })).toBe('full');
    expect(dataSetLabel({ sparse: 3, timeOrder: false })).toBe('sparse-3');
    expect(dataSetLabel({ sparse: null, timeOrder: true })).toBe('full-time-order');
  });

  it('gives the figures of all answers, then of each class, overall and by answering method', () => {
    const entry = publishedDataSet(run(null), answers);
    expect(entry).toMatchObject({ label: 'full', file: 'beijing-2021-listings.csv', listings: 10, valued: 6, engineVersion: 'avm-1.3.0' });
    expect(entry.groups.map((g) => [g.cls, g.overall.n])).toEqual([
      [null, 6],
      ['A', 4],
      ['B', 2],
      ['C', 0],
    ]);
    const a = entry.groups[1];
    // Ratios 0.9, 1.05, 1.5, 1.0: errors 10 %, 5 %, 50 %, 0 %.
    expect(a.overall.mdape).toBeCloseTo(7.5, 6);
    expect(a.overall.ppe10).toBe(75);
    expect(a.overall.ppe20).toBe(75);
    expect(a.overall.cod).toBeCloseTo((100 * 0.65) / 4 / 1.025, 5);
    expect(a.overall.prd).toBeCloseTo((0.9 + 1.05 + 1.5 + 1) / 4 / (595 / 500), 5);
    // 100 is outside 90 ± 10 %, inside 90 ± 20 %; 200 is outside 300 ± 10 % and 300 ± 20 %.
    expect(a.overall.coverageFsd).toBe(50);
    expect(a.overall.coverage95).toBe(75);
    expect(a.methods.map((m) => m.method)).toEqual(['forsale']);
    const b = entry.groups[2];
    // Only the answer with a range counts for the coverage: 100 is outside 120 ± 10 %.
    expect(b.overall.coverageFsd).toBe(0);
    expect(b.methods[0]).toMatchObject({ method: 'mraSale', figures: { n: 2, mdape: 10 } });
    expect(entry.groups[3].overall).toMatchObject({ n: 0, mdape: null, cod: null, coverageFsd: null });
  });

  it('writes a module whose publication reads back as it was, without NaN', () => {
    const published = publishDataSet({ dataSets: [] }, publishedDataSet(run(null), answers));
    const text = publishedAccuracyModule(published);
    expect(text).toContain('export const PUBLISHED_ACCURACY: PublishedAccuracy = ');
    expect(text).not.toContain('NaN');
    expect(readModule(text)).toEqual(published);
  });

  it('replaces the entry of the same data set and keeps the others, the full file first', () => {
    const sparse = publishDataSet({ dataSets: [] }, publishedDataSet(run(3), answers));
    const both = publishDataSet(sparse, publishedDataSet(run(null), answers.slice(0, 4)));
    expect(both.dataSets.map((d) => d.label)).toEqual(['full', 'sparse-3']);
    const again = publishDataSet(both, publishedDataSet(run(null, '2026-12-01'), answers));
    expect(again.dataSets.map((d) => [d.label, d.measuredOn, d.valued])).toEqual([
      ['full', '2026-12-01', 6],
      ['sparse-3', '2026-11-28', 6],
    ]);
    expect(publishedDataSetOf(again)?.measuredOn).toBe('2026-12-01');
    expect(publishedDataSetOf(again, 'sparse-3')).toBe(again.dataSets[1]);
    expect(publishedDataSetOf(again, 'sparse-5')).toBeNull();
  });
});
