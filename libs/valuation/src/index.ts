export * from './lib/valuation.types';
export {
  ENGINE_VERSION,
  ALL_METHODS,
  CLASS_FSD_CEILINGS,
  CLASS_THRESHOLDS,
  MAX_MARKET_CASES,
  MIN_NEARBY_CASES,
  STANDARD_UNIT,
  methodName,
} from './lib/engine.constants';
export { valuate, reproduces, SAMPLE_CASE_LIMIT } from './lib/valuation.engine';
export { estimateStandardUnitPrice, type StandardPriceRequest } from './lib/standard-price.method';
export { confidenceClass, meetsClass } from './lib/confidence';
export { priceTrend, TREND_MONTHS } from './lib/trend';
export { priceRelatedBias, ratioByDecile, ratioStudy, type DecileRatio, type RatioStudy } from './lib/ratio-study';
export { seededRandom } from './lib/numbers';
export {
  calibrateRanges,
  depthBucket,
  rangeCell,
  valueRange,
  type RangeCalibration,
  type RangeCell,
  type ValueRange,
} from './lib/value-range';
export { RANGE_CALIBRATION } from './lib/range-calibration';
export {
  accuracyFigures,
  dataSetLabel,
  publishDataSet,
  publishedAccuracyModule,
  publishedDataSet,
  publishedDataSetOf,
  PUBLISHED_CLASSES,
  type AccuracyFigures,
  type BacktestAnswer,
  type BacktestDesign,
  type BacktestRun,
  type ClassFigures,
  type MethodFigures,
  type PublishedAccuracy,
  type PublishedDataSet,
} from './lib/accuracy-publication';
export { PUBLISHED_ACCURACY } from './lib/published-accuracy';
