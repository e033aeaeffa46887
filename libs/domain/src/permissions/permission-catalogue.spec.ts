import { closePermissionSet, PERMISSION_BY_ID, PERMISSIONS, permissionTree, Perm } from './permission-catalogue';

describe('permission catalogue', () => {
  it('has unique ids and codes ending in :visible or :dataRange', () => {
    expect(new Set(PERMISSIONS.map((p) => p.id)).size).toBe(PERMISSIONS.length);
    for (const p of PERMISSIONS) expect(p.code).toMatch(/:(visible|dataRange)$/);
  });

  it('forms a two-level tree whose children share their parent’s population', () => {
    for (const p of PERMISSIONS.filter((x) => x.parentId !== 0)) {
      const parent = PERMISSION_BY_ID.get(p.parentId);
      expect(parent).toBeDefined();
      expect(parent!.parentId).toBe(0);
      expect(parent!.scope).toBe(p.scope);
    }
  });

  it('carries the ids the specifications name, each in its population', () => {
    const customer = [
      1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 21, 22, 23, 24, 25, 26, 27, 28, 29, 34, 35, 36, 37, 38, 39, 44, 45, 46, 47,
      48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 104, 105, 107, 108, 110, 111, 112,
    ];
    const tenant = [
      66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 99, 100,
      101, 102, 103, 106, 109,
    ];
    for (const id of customer) expect(PERMISSION_BY_ID.get(id)?.scope).toBe('customer');
    for (const id of tenant) expect(PERMISSION_BY_ID.get(id)?.scope).toBe('tenant');
    expect(PERMISSION_BY_ID.get(Perm.appraiser)).toMatchObject({ id: 113, scope: 'tenant' });
    expect(PERMISSION_BY_ID.get(Perm.appraiserClaim)).toMatchObject({ id: 114, parentId: 113, scope: 'tenant' });
    expect(PERMISSION_BY_ID.get(Perm.appraiserAnswer)).toMatchObject({ id: 115, parentId: 113, scope: 'tenant' });
    expect(PERMISSION_BY_ID.get(36)?.code).toMatch(/:dataRange$/);
    expect(PERMISSION_BY_ID.get(Perm.apiKeys)).toMatchObject({ id: 126, parentId: 0, scope: 'customer', code: 'api-key:visible' });
    expect(PERMISSION_BY_ID.get(Perm.apiKeyManage)).toMatchObject({ id: 127, parentId: 126, scope: 'customer' });
    expect(PERMISSION_BY_ID.get(Perm.loanApply)).toMatchObject({ id: 125, parentId: 0, scope: 'customer', code: 'loan:apply:visible' });
    expect(PERMISSION_BY_ID.get(Perm.loanApplyManage)).toMatchObject({ id: 128, parentId: 125, scope: 'customer' });
  });

  it('closes a role’s set upwards: a child brings its parent, unknown ids drop', () => {
    expect(closePermissionSet([46, 999])).toEqual([11, 46]);
    expect(closePermissionSet([110, 111])).toEqual([1, 110, 111]);
  });

  it('builds the editor tree restricted to the ids given', () => {
    const tree = permissionTree('customer', [11, 46, 47]);
    expect(tree.map((n) => n.id)).toEqual([11]);
    expect(tree[0].children.map((c) => c.id)).toEqual([46, 47]);
    expect(permissionTree('tenant').every((n) => n.scope === 'tenant')).toBe(true);
  });
});
