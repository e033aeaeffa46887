import {
  accuracyClassSentence,
  accuracyDataSetDescription,
  accuracyDataSetTitle,
  accuracyPageHref,
  formatAccuracyFigures,
  prdWithinRange,
  type AccuracyDataSetInfo,
  type AccuracyFigureValues,
} from './accuracy-format';

const figures: AccuracyFigureValues = {
  n: 21345,
  mdape: 5.8649,
  ppe10: 74.06,
  ppe20: 92.949,
  cod: 9.8765,
  prd: 1.00749,
  prb: -0.01234,
  prbLow: -0.0151,
  prbHigh: 0.0004,
  coverageFsd: 68.25,
  coverage95: 95.04,
};

const dataSet: AccuracyDataSetInfo = {
  label: 'full',
  file: 'beijing-2021-listings.csv',
  listings: 34017,
  valued: 34000,
  design: { sparse: null, timeOrder: false },
  engineVersion: 'avm-1.3.0',
  measuredOn: '2026-11-28',
};

describe('accuracy figures as shown', () => {
  it('shows percentages and COD with one decimal, PRD with two, n with thousands separators', () => {
    expect(formatAccuracyFigures(figures)).toEqual({
      n: '21,345',
      mdape: '5.9%',
      ppe10: '74.1%',
      ppe20: '92.9%',
      cod: '9.9',
      prd: '1.01',
      prb: '-0.012（-0.015～0.000）',
      coverageFsd: '68.3%',
      coverage95: '95.0%',
    });
  });

  it('shows -- for figures a group is too small to have', () => {
    const empty = formatAccuracyFigures({
      n: 0,
      mdape: null,
      ppe10: null,
      ppe20: null,
      cod: null,
      prd: null,
      prb: null,
      prbLow: null,
      prbHigh: null,
      coverageFsd: null,
      coverage95: null,
    });
    expect(empty).toEqual({
      n: '0',
      mdape: '--',
      ppe10: '--',
      ppe20: '--',
      cod: '--',
      prd: '--',
      prb: '--',
      coverageFsd: '--',
      coverage95: '--',
    });
  });

  it('checks the PRD against the IAAO range 0.98–1.03', () => {
    expect(prdWithinRange(1.007)).toBe(true);
    expect(prdWithinRange(0.98)).toBe(true);
    expect(prdWithinRange(1.031)).toBe(false);
    expect(prdWithinRange(0.97)).toBe(false);
    expect(prdWithinRange(null)).toBe(false);
  });

  it('names the data set and how it was backtested', () => {
    expect(accuracyDataSetTitle(dataSet)).toBe('全量数据');
    expect(accuracyDataSetTitle({ design: { sparse: 3, timeOrder: false } })).toBe('稀疏数据（每小区至多3套）');
    expect(accuracyDataSetDescription(dataSet)).toBe(
      'beijing-2021-listings.csv：34,017套房源，留一法回测（每套房源由其余房源估价），估出34,000套',
    );
  });

  it('links to the accuracy page at a class', () => {
    expect(accuracyPageHref('A')).toBe('/accuracy#class-A');
    expect(accuracyPageHref(null)).toBe('/accuracy');
  });

  it('states the measured error of a class in one sentence, or nothing without figures', () => {
    expect(accuracyClassSentence('A', dataSet, figures)).toBe(
      '置信等级A：在最近一次回测（beijing-2021-listings.csv，21,345套，引擎avm-1.3.0，2026-11-28）中，中位绝对误差为5.9%，误差在10%以内的占74.1%。',
    );
    expect(accuracyClassSentence('C', dataSet, { ...figures, n: 0, mdape: null, ppe10: null })).toBeNull();
  });
});
