import { filterDefaults, filtersFromSearch, orgFilterIds, type FilterField } from './list-filters';

describe('filterDefaults', () => {
  it('opens a date window of the last months or of the last days, today included', () => {
    const fields: FilterField[] = [
      { kind: 'dateRange', key: 'a', label: '提交时间', beginKey: 'aBegin', endKey: 'aEnd', defaultMonths: 3 },
      { kind: 'dateRange', key: 'b', label: '操作时间', beginKey: 'bBegin', endKey: 'bEnd', defaultDays: 7 },
      { kind: 'dateRange', key: 'c', label: '更新时间', beginKey: 'cBegin', endKey: 'cEnd' },
    ];
    expect(filterDefaults(fields, '2026/11/27')).toEqual({
      aBegin: '2026/08/27',
      aEnd: '2026/11/27',
      bBegin: '2026/11/21',
      bEnd: '2026/11/27',
      cBegin: '',
      cEnd: '',
    });
  });
});

describe('organisation tree filters', () => {
  const fields: FilterField[] = [{ kind: 'orgTree', key: 'organizationIds', label: '机构' }];
  const read = (search: string) => filtersFromSearch(fields, new URLSearchParams(search), filterDefaults(fields)).organizationIds;

  it('keep the ids chosen in the URL, and nothing for a value that is not a list of ids', () => {
    expect(read('organizationIds=3,14')).toBe('3,14');
    expect(read('organizationIds=3,x')).toBe('');
    expect(read('')).toBe('');
    expect(orgFilterIds('3,14')).toEqual([3, 14]);
    expect(orgFilterIds('')).toEqual([]);
  });
});
