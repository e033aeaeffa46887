import { UnrecoverableError } from 'bullmq';
import { parseMarketImportPayload } from './market-import.processor';
import { parseMarketRebuildIndexPayload } from './market-index.processor';

const failure = (run: () => unknown): Error => {
  try {
    run();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('no error');
};

describe('parseMarketImportPayload', () => {
  it('accepts each kind and drops unknown fields', () => {
    for (const kind of ['communities', 'cases', 'pois', 'lianjia-listings'] as const) {
      expect(parseMarketImportPayload({ kind, objectKey: 'imports/1/a.csv', fileName: 'a.csv', extra: true })).toEqual({
        kind,
        objectKey: 'imports/1/a.csv',
        fileName: 'a.csv',
      });
    }
    expect(parseMarketImportPayload({ kind: 'cases', objectKey: 'k', fileName: 'f', requestedBy: 'demoadmin' }).requestedBy).toBe(
      'demoadmin',
    );
  });

  it('rejects a malformed payload without retry, naming each bad field', () => {
    const error = failure(() => parseMarketImportPayload({ kind: 'houses', objectKey: '', requestedBy: 7 }));
    expect(error).toBeInstanceOf(UnrecoverableError);
    expect(error.message).toMatch(/^invalid market\.import payload: /);
    for (const field of ['kind', 'objectKey', 'fileName', 'requestedBy']) expect(error.message).toContain(`${field}: `);
    expect(failure(() => parseMarketImportPayload(null)).message).toMatch(/^invalid market\.import payload: \(payload\): /);
  });
});

describe('parseMarketRebuildIndexPayload', () => {
  it('accepts an empty payload, a city and a month', () => {
    expect(parseMarketRebuildIndexPayload({})).toEqual({});
    expect(parseMarketRebuildIndexPayload({ cityCode: '110100', since: '2024-03' })).toEqual({ cityCode: '110100', since: '2024-03' });
    expect(parseMarketRebuildIndexPayload({ since: '2021-11-01' })).toEqual({ since: '2021-11-01' });
  });

  it('rejects bad city codes and months without retry', () => {
    const error = failure(() => parseMarketRebuildIndexPayload({ cityCode: '1101', since: '2024-13' }));
    expect(error).toBeInstanceOf(UnrecoverableError);
    expect(error.message).toBe('invalid market.rebuild-index payload: cityCode: a 6-digit city code; since: YYYY-MM or YYYY-MM-DD');
  });
});
