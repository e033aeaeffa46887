import type { RangeCalibration } from './value-range';

/** Written by `npm run bench:accuracy -- --calibrate`: the engine's measured errors by situation (see value-range.ts). */
export const RANGE_CALIBRATION: RangeCalibration = {
  source: 'beijing-2021-listings.csv: 34017 listings, leave-one-out',
  engineVersion: 'avm-1.3.0',
  measuredOn: '2026-11-28',
  cells: {
    '*': {
      n: 34017,
      q68: 0.08095,
      q95: 0.22318,
    },
    'averageSale|*': {
      n: 43,
      q68: 0.37977,
      q95: 0.72762,
    },
    'averageSale|0': {
      n: 43,
      q68: 0.37977,
      q95: 0.72762,
    },
    'forsale|*': {
      n: 1527,
      q68: 0.15041,
      q95: 0.41459,
    },
    'forsale|0': {
      n: 1321,
      q68: 0.15298,
      q95: 0.43374,
    },
    'forsale|1': {
      n: 28,
      q68: 0.18646,
      q95: 0.46081,
    },
    'forsale|10-19': {
      n: 82,
      q68: 0.1623,
      q95: 0.32585,
    },
    'forsale|2': {
      n: 33,
      q68: 0.12106,
      q95: 0.24735,
    },
    'forsale|3-4': {
      n: 13,
      q68: 0.11818,
      q95: 0.34499,
    },
    'forsale|5-9': {
      n: 50,
      q68: 0.10049,
      q95: 0.20851,
    },
    'fvSale|*': {
      n: 32447,
      q68: 0.0786,
      q95: 0.21032,
    },
    'fvSale|1': {
      n: 1896,
      q68: 0.09681,
      q95: 0.24465,
    },
    'fvSale|10-19': {
      n: 9232,
      q68: 0.07602,
      q95: 0.20586,
    },
    'fvSale|2': {
      n: 1983,
      q68: 0.09082,
      q95: 0.2365,
    },
    'fvSale|20-49': {
      n: 6110,
      q68: 0.07397,
      q95: 0.19937,
    },
    'fvSale|3-4': {
      n: 3696,
      q68: 0.08198,
      q95: 0.21863,
    },
    'fvSale|5-9': {
      n: 7805,
      q68: 0.07552,
      q95: 0.19796,
    },
    'fvSale|50+': {
      n: 1725,
      q68: 0.07928,
      q95: 0.22949,
    },
  },
};
