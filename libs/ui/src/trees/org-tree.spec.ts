import { canDropOrg, findOrg, parentOf, type OrgNode } from './org-tree';

const TREE: OrgNode[] = [
  {
    id: 1,
    name: '示范银行',
    children: [
      { id: 2, name: '北京分行', children: [{ id: 4, name: '朝阳支行', children: [{ id: 6, name: '望京网点' }] }] },
      { id: 3, name: '上海分行' },
    ],
  },
];

describe('organisation tree moves', () => {
  it('finds organisations and their parents', () => {
    expect(findOrg(TREE, 4)?.name).toBe('朝阳支行');
    expect(findOrg(TREE, 9)).toBeUndefined();
    expect(parentOf(TREE, 1)).toBeNull();
    expect(parentOf(TREE, 6)?.id).toBe(4);
    expect(parentOf(TREE, 9)).toBeUndefined();
  });

  it('allows a drop on another branch only: never on itself, below itself, on its parent, nor of a top organisation', () => {
    expect(canDropOrg(TREE, 4, 3)).toBe(true);
    expect(canDropOrg(TREE, 4, 1)).toBe(true);
    expect(canDropOrg(TREE, 4, 4)).toBe(false);
    expect(canDropOrg(TREE, 2, 6)).toBe(false);
    expect(canDropOrg(TREE, 4, 2)).toBe(false);
    expect(canDropOrg(TREE, 1, 3)).toBe(false);
    expect(canDropOrg(TREE, 4, 99)).toBe(false);
  });
});
