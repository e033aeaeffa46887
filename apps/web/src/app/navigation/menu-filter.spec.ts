import { PERMISSIONS } from '@valuation/domain';
import { CHANNEL_MENU, ORG_MENU, type MenuEntry } from './menu-config';
import { filterMenu, holdsPermission, menuPathOf, type MenuFilterContext } from './menu-filter';

const menu: MenuEntry[] = [
  { name: 'personal', title: '个人中心', always: true },
  { name: 'qvindex', title: '快速估价', verifyId: 1 },
  { name: 'valuationRecord', title: '估价记录', verifyId: 2 },
  {
    name: 'stat',
    title: '统计分析',
    children: [
      { name: 'summary', title: '估价汇总', verifyId: 7 },
      { name: 'subsidiary', title: '估价明细', verifyId: 8 },
    ],
  },
];

const children: Record<number, number[]> = { 1: [110, 111], 7: [36, 37] };

function ctx(granted: number[], registered: string[]): MenuFilterContext {
  return {
    granted: new Set(granted),
    isRegistered: (name) => registered.includes(name),
    permissionChildren: (id) => children[id] ?? [],
  };
}

const names = (entries: ReturnType<typeof filterMenu>): string[] =>
  entries.flatMap((e) => (e.children ? [e.name, ...names(e.children)] : [e.name]));

describe('filterMenu', () => {
  const all = ['personal', 'qvindex', 'valuationRecord', 'summary', 'subsidiary'];

  it('shows the personal entry without any permission', () => {
    expect(names(filterMenu(menu, ctx([], all)))).toEqual(['personal']);
  });

  it('shows an entry for its own id or a child id', () => {
    expect(names(filterMenu(menu, ctx([2], all)))).toEqual(['personal', 'valuationRecord']);
    expect(names(filterMenu(menu, ctx([111], all)))).toEqual(['personal', 'qvindex']);
  });

  it('shows a group only with a visible entry, keeping the order', () => {
    expect(names(filterMenu(menu, ctx([8, 1], all)))).toEqual(['personal', 'qvindex', 'stat', 'subsidiary']);
    expect(names(filterMenu(menu, ctx([37], all)))).toEqual(['personal', 'stat', 'summary']);
  });

  it('hides entries whose page is not registered', () => {
    expect(names(filterMenu(menu, ctx([1, 2, 7, 8], ['personal', 'summary'])))).toEqual(['personal', 'stat', 'summary']);
    expect(names(filterMenu(menu, ctx([1, 2, 7, 8], [])))).toEqual([]);
  });
});

describe('holdsPermission', () => {
  it('is false without the id or a child id', () => {
    expect(holdsPermission(1, { granted: new Set([2, 36]), permissionChildren: (id) => children[id] ?? [] })).toBe(false);
  });
});

describe('menuPathOf', () => {
  it('finds the group and entry of a route, including routes reached from an entry', () => {
    const visible = filterMenu(
      [{ name: 'config', title: '系统设置', children: [{ name: 'roleManage', title: '角色管理', verifyId: 12, activeFor: ['editRole'] }] }],
      ctx([12], ['roleManage']),
    );
    expect(menuPathOf(visible, 'editRole')).toEqual(['config', 'roleManage']);
    expect(menuPathOf(visible, 'unknown')).toEqual([]);
  });
});

describe('the spec menus', () => {
  const everything = (entries: readonly MenuEntry[]): string[] => entries.flatMap((e) => (e.children ? everything(e.children) : [e.name]));

  it('list the staff entries in the spec order with the personal page first, then the notification settings', () => {
    expect(everything(ORG_MENU)).toEqual([
      'personal',
      'qvindex',
      'valuationRecord',
      'manualEnquiry',
      'objectionReview',
      'batchValuation',
      'agencyValuation',
      'manage',
      'collateral',
      'collateralAlerts',
      'LoanOfTrendAnalyse',
      'LoanOfStructureAnalyse',
      'LoanOfHouseAnalyse',
      'LoanOfBusinessScreen',
      'LoanApplyFor',
      'summary',
      'subsidiary',
      'organization',
      'accountManage',
      'roleManage',
      'businessManage',
      'riskCoefficient',
      'assetType',
      'Configuration',
      'BalanceManagement',
      'Fieldsettings',
      'apiKeys',
      'notifySettings',
    ]);
  });

  it('use verify ids of the catalogue of the right population', () => {
    const scopeOf = new Map(PERMISSIONS.map((p) => [p.id, p.scope]));
    const ids = (entries: readonly MenuEntry[]): number[] =>
      entries.flatMap((e) => (e.children ? ids(e.children) : e.verifyId !== undefined ? [e.verifyId] : []));
    expect(ids(ORG_MENU).every((id) => scopeOf.get(id) === 'customer')).toBe(true);
    expect(ids(CHANNEL_MENU).every((id) => scopeOf.get(id) === 'tenant')).toBe(true);
  });

  it('show the channel staff entries for a channel administrator', () => {
    const granted = PERMISSIONS.filter((p) => p.scope === 'tenant').map((p) => p.id);
    const visible = filterMenu(CHANNEL_MENU, { granted: new Set(granted), isRegistered: () => true });
    expect(visible.map((e) => e.name)).toEqual(['channelPersonal', 'appraisalQueue', 'client', 'stat', 'clientConfigs']);
  });
});
