import { formatGrouped, formatShare, formatSigned } from '../format/price-format';

/** The figures of a group of backtested valuations, as the engine's published accuracy holds them. */
export interface AccuracyFigureValues {
  n: number;
  /** Median absolute percentage error, in %. */
  mdape: number | null;
  /** Shares (%) of values within 10 % and 20 % of the price. */
  ppe10: number | null;
  ppe20: number | null;
  /** Coefficient of dispersion, in %. */
  cod: number | null;
  /** Price-related differential. */
  prd: number | null;
  /** Price-related bias with its 95 % interval. */
  prb: number | null;
  prbLow: number | null;
  prbHigh: number | null;
  /** Shares (%) of prices within the value's ±1 FSD range and its 95 % range (of the answers that have a range). */
  coverageFsd: number | null;
  coverage95: number | null;
}

/** What a published data set says about itself. */
export interface AccuracyDataSetInfo {
  label: string;
  file: string;
  listings: number;
  valued: number;
  design: { sparse: number | null; timeOrder: boolean };
  engineVersion: string;
  measuredOn: string;
}

/** The figures as screens and PDFs show them: percentages and COD with 1 decimal, PRD with 2, n with separators. */
export interface AccuracyFigureTexts {
  n: string;
  mdape: string;
  ppe10: string;
  ppe20: string;
  cod: string;
  prd: string;
  prb: string;
  coverageFsd: string;
  coverage95: string;
}

export function formatAccuracyFigures(f: AccuracyFigureValues): AccuracyFigureTexts {
  const interval = f.prbLow === null || f.prbHigh === null ? '' : `（${formatSigned(f.prbLow, 3)}～${formatSigned(f.prbHigh, 3)}）`;
  return {
    n: formatGrouped(f.n),
    mdape: formatShare(f.mdape),
    ppe10: formatShare(f.ppe10),
    ppe20: formatShare(f.ppe20),
    cod: formatGrouped(f.cod, 1),
    prd: formatGrouped(f.prd, 2),
    prb: f.prb === null ? formatSigned(null, 3) : `${formatSigned(f.prb, 3)}${interval}`,
    coverageFsd: formatShare(f.coverageFsd),
    coverage95: formatShare(f.coverage95),
  };
}

/** IAAO's acceptable range of the price-related differential. */
export const PRD_RANGE = [0.98, 1.03] as const;

/** Whether a PRD lies in the IAAO range. */
export function prdWithinRange(prd: number | null): boolean {
  return prd !== null && prd >= PRD_RANGE[0] && prd <= PRD_RANGE[1];
}

/** The data set in words: '全量数据' or '稀疏数据（每小区至多3套）', and the way it was backtested. */
export function accuracyDataSetTitle(d: Pick<AccuracyDataSetInfo, 'design'>): string {
  const base = d.design.sparse === null ? '全量数据' : `稀疏数据（每小区至多${d.design.sparse}套）`;
  return d.design.timeOrder ? `${base}，按时间顺序` : base;
}

/** How the data set was backtested, in one line. */
export function accuracyDataSetDescription(d: AccuracyDataSetInfo): string {
  const sample = d.design.sparse === null ? '' : `，每小区至多抽取${d.design.sparse}套`;
  const order = d.design.timeOrder ? '，每套只用挂牌在其之前的房源' : '';
  return `${d.file}：${formatGrouped(d.listings)}套房源${sample}，留一法回测（每套房源由其余房源估价${order}），估出${formatGrouped(d.valued)}套`;
}

/** Anchor of a confidence class on the accuracy page: `class-A`. */
export function accuracyClassAnchor(cls: string): string {
  return `class-${cls}`;
}

/** Path of the public accuracy page, at a class when given: `/accuracy#class-A`. */
export const ACCURACY_PATH = '/accuracy';
export function accuracyPageHref(cls?: string | null): string {
  return cls ? `${ACCURACY_PATH}#${accuracyClassAnchor(cls)}` : ACCURACY_PATH;
}

/**
 * The sentence a report states about its confidence class, from the full-file backtest:
 * 置信等级A：在最近一次回测（…，34,017套，引擎avm-1.3.0，2026-11-28）中，中位绝对误差为5.9%，误差在10%以内的占74.1%。
 * Null when the class has no figures.
 */
export function accuracyClassSentence(cls: string, dataSet: AccuracyDataSetInfo, figures: AccuracyFigureValues): string | null {
  if (figures.n === 0 || figures.mdape === null || figures.ppe10 === null) return null;
  const t = formatAccuracyFigures(figures);
  return (
    `置信等级${cls}：在最近一次回测（${dataSet.file}，${t.n}套，引擎${dataSet.engineVersion}，${dataSet.measuredOn}）中，` +
    `中位绝对误差为${t.mdape}，误差在10%以内的占${t.ppe10}。`
  );
}

/** The measures of the accuracy page, each with a short plain explanation. */
export const ACCURACY_MEASURES: readonly { key: keyof AccuracyFigureTexts; short: string; name: string; explanation: string }[] = [
  { key: 'n', short: '样本数', name: '回测样本数', explanation: '参与统计的估价套数。' },
  {
    key: 'mdape',
    short: 'MdAPE',
    name: '中位绝对误差（MdAPE）',
    explanation: '估价与实际价格相差的百分比，取中间值：一半房源的误差小于它，一半大于它。越小越好。',
  },
  { key: 'ppe10', short: 'PPE10', name: '误差10%以内占比（PPE10）', explanation: '估价与实际价格相差不超过10%的房源所占比例。越大越好。' },
  { key: 'ppe20', short: 'PPE20', name: '误差20%以内占比（PPE20）', explanation: '估价与实际价格相差不超过20%的房源所占比例。越大越好。' },
  {
    key: 'cod',
    short: 'COD',
    name: '离散系数（COD）',
    explanation: '估价与价格之比偏离其中位数的平均程度（%），反映估价是否一致。越小越好。',
  },
  {
    key: 'prd',
    short: 'PRD',
    name: '价格相关差异（PRD）',
    explanation: '高价房与低价房是否被同等对待；国际估价官协会（IAAO）的合理范围为0.98–1.03，高于1.03说明高价房被低估。',
  },
  {
    key: 'prb',
    short: 'PRB',
    name: '价格相关偏差（PRB）',
    explanation: '房产价值翻倍时估价与价格之比的变化，括号内为95%置信区间；接近0为公平，负值说明高价房偏低。',
  },
  {
    key: 'coverageFsd',
    short: '±1 FSD覆盖率',
    name: 'FSD 区间覆盖率（±1 FSD）',
    explanation: '实际价格落在估价报告所给价值区间（估价±1个预测标准差FSD）内的比例，目标约为68%。',
  },
  {
    key: 'coverage95',
    short: '95%区间覆盖率',
    name: '95%区间覆盖率',
    explanation: '实际价格落在估价的95%区间内的比例，目标约为95%。',
  },
];
