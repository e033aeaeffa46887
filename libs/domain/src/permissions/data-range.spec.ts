import { DATA_RANGE_PERMISSIONS, dataRangeOf } from './data-range';

describe('dataRangeOf', () => {
  const accounts = DATA_RANGE_PERMISSIONS.accounts;

  it('gives the subtree with the subordinates permission, whatever else is held', () => {
    expect(dataRangeOf(new Set([50, 51]), accounts)).toBe('subtree');
    expect(dataRangeOf(new Set([51]), accounts)).toBe('subtree');
  });

  it('gives the own organisation with the own-organisation permission', () => {
    expect(dataRangeOf(new Set([11, 50]), accounts)).toBe('organization');
  });

  it('gives own rows only without either', () => {
    expect(dataRangeOf(new Set([11]), accounts)).toBe('own');
    expect(dataRangeOf(new Set(), DATA_RANGE_PERMISSIONS.records)).toBe('own');
  });

  it('opens the subtree of the records and batch lists with their page permission', () => {
    expect(dataRangeOf(new Set([2]), DATA_RANGE_PERMISSIONS.records)).toBe('subtree');
    expect(dataRangeOf(new Set([3]), DATA_RANGE_PERMISSIONS.batch)).toBe('subtree');
    expect(dataRangeOf(new Set([2]), DATA_RANGE_PERMISSIONS.batch)).toBe('own');
  });
});
