/** The engine's published accuracy: backtest figures by data set, confidence class and method. */
import { z } from 'zod';

const figure = (description: string) => z.number().nullable().describe(description);

export const accuracyFiguresSchema = z
  .object({
    n: z.number().int().describe('Valuations in the group'),
    mdape: figure('Median absolute percentage error (中位绝对误差), %'),
    ppe10: figure('Share of values within 10 % of the price, %'),
    ppe20: figure('Share of values within 20 % of the price, %'),
    cod: figure('Coefficient of dispersion, %'),
    prd: figure('Price-related differential (IAAO range 0.98–1.03)'),
    prb: figure('Price-related bias'),
    prbLow: figure('Lower bound of the 95 % interval of the PRB'),
    prbHigh: figure('Upper bound of the 95 % interval of the PRB'),
    coverageFsd: figure('Share of prices within the value ±1 FSD, %'),
    coverage95: figure('Share of prices within the 95 % range of the value, %'),
  })
  .meta({ id: 'AccuracyFigures', description: 'Figures of a group of backtested valuations; null where the group has too few.' });
export type AccuracyFiguresDto = z.infer<typeof accuracyFiguresSchema>;

export const accuracyGroupSchema = z
  .object({
    cls: z.enum(['A', 'B', 'C']).nullable().describe('Confidence class; null for all valuations'),
    overall: accuracyFiguresSchema,
    methods: z.array(z.object({ method: z.string().describe('Answering method (forsale, mraSale...)'), figures: accuracyFiguresSchema })),
  })
  .meta({ id: 'AccuracyGroup' });

export const publishedDataSetSchema = z
  .object({
    label: z.string().describe('full, sparse-3...'),
    file: z.string(),
    listings: z.number().int().describe('Listings of the file kept for the study'),
    valued: z.number().int().describe('Listings the engine valued'),
    design: z.object({
      leaveOneOut: z.literal(true),
      sparse: z.number().int().nullable().describe('At most this many listings per community, or null for the whole file'),
      timeOrder: z.boolean().describe('Each listing valued from earlier listings only'),
    }),
    engineVersion: z.string(),
    measuredOn: z.string().describe('yyyy-MM-dd, business date of the run'),
    groups: z.array(accuracyGroupSchema).describe('All valuations, then classes A, B and C'),
  })
  .meta({ id: 'PublishedDataSet' });

export const publishedAccuracySchema = z
  .object({ dataSets: z.array(publishedDataSetSchema) })
  .meta({ id: 'PublishedAccuracy', description: 'GET api/accuracy (public): the engine accuracy measured by leave-one-out backtests.' });
export type PublishedAccuracyDto = z.infer<typeof publishedAccuracySchema>;
