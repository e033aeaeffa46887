import { buildHref, findRoute, type RouteEntry } from './route-registry';

const page = () => Promise.resolve(() => null);
const entries: RouteEntry[] = [
  { name: 'quickval', aliases: ['qvindex'], path: 'quickval', title: '快速估价', page },
  { name: 'editRole', path: 'editRole/:id', title: '角色编辑', page },
  { name: 'subsidiary', path: 'stat/subsidiary', title: '估价明细', page },
];

describe('route registry lookups', () => {
  it('finds a page by its name or an alias', () => {
    expect(findRoute(entries, 'qvindex')?.name).toBe('quickval');
    expect(findRoute(entries, 'quickval')?.name).toBe('quickval');
    expect(findRoute(entries, 'maps')).toBeUndefined();
  });

  it('builds URLs with params and query', () => {
    expect(buildHref('/org', entries[1], { id: 'add' })).toBe('/org/editRole/add');
    expect(buildHref('/org', entries[1])).toBeUndefined();
    expect(buildHref('/org', entries[2], {}, { statSubMethod: 22 })).toBe('/org/stat/subsidiary?statSubMethod=22');
  });
});
