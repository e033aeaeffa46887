import { closePermissionSet } from '../permissions/permission-catalogue';
import {
  cannotGrantMessage,
  grantablePermissions,
  nextRoleCode,
  refusedGrants,
  roleAddSchema,
  roleEditSchema,
  roleInUseMessage,
  roleListQuerySchema,
  RoleMsg,
} from './role.rules';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('role rules', () => {
  it('validates the role form with the spec’s messages', () => {
    expect(firstMessage(roleAddSchema.safeParse({ name: ' ', remark: '', permissions: [12] }))).toBe(RoleMsg.nameRequired);
    expect(firstMessage(roleAddSchema.safeParse({ remark: '', permissions: [12] }))).toBe(RoleMsg.nameRequired);
    expect(firstMessage(roleAddSchema.safeParse({ name: '名'.repeat(21), permissions: [12] }))).toBe(RoleMsg.nameTooLong);
    expect(firstMessage(roleAddSchema.safeParse({ name: '角色', remark: '备'.repeat(101), permissions: [12] }))).toBe(
      RoleMsg.remarkTooLong,
    );
    expect(firstMessage(roleAddSchema.safeParse({ name: '角色', permissions: [] }))).toBe(RoleMsg.permissionsRequired);
    expect(firstMessage(roleAddSchema.safeParse({ name: '角色' }))).toBe(RoleMsg.permissionsRequired);
    expect(firstMessage(roleAddSchema.safeParse({ name: '角色', permissions: [999] }))).toBe(RoleMsg.permissionInvalid);
    expect(firstMessage(roleAddSchema.safeParse({ name: '角色', permissions: ['x'] }))).toBe(RoleMsg.permissionInvalid);
    expect(roleAddSchema.parse({ name: ' 审核员 ', permissions: '12,52' })).toEqual({ name: '审核员', remark: '', permissions: [12, 52] });
    expect(roleAddSchema.parse({ name: '审核员', remark: null, permissions: ['12', '53'] }).permissions).toEqual([12, 53]);
    expect(firstMessage(roleEditSchema.safeParse({ name: '角色', permissions: [12] }))).toBe(RoleMsg.notFound);
  });

  it('accepts only digits in the code filter and checks the update date range', () => {
    expect(roleListQuerySchema.parse({ code: ' 1001 ', name: '', pageIndex: '2' })).toMatchObject({
      code: '1001',
      name: undefined,
      pageIndex: 2,
    });
    expect(firstMessage(roleListQuerySchema.safeParse({ code: '10a' }))).toBe(RoleMsg.codeInvalid);
    expect(firstMessage(roleListQuerySchema.safeParse({ code: '12345678901' }))).toBe(RoleMsg.codeInvalid);
    expect(roleListQuerySchema.safeParse({ beginDate: '2017/12/31' }).success).toBe(false);
    expect(roleListQuerySchema.safeParse({ beginDate: '2025/03/02', endDate: '2025/03/01' }).success).toBe(false);
  });

  it('lets an editor grant only what it holds, of the role’s scope', () => {
    const held = grantablePermissions('customer', [12, 52, 53, 66]);
    expect([...held].sort((a, b) => a - b)).toEqual([12, 52, 53]);
    expect(grantablePermissions('customer', 'all').has(1)).toBe(true);
    expect(grantablePermissions('customer', 'all').has(66)).toBe(false);
    expect(refusedGrants(closePermissionSet([52, 46]), [], held)).toEqual([11, 46]);
    expect(refusedGrants([12, 52, 46], [46], held)).toEqual([]);
    expect(refusedGrants([12], [12, 46], held)).toEqual([]);
    expect(cannotGrantMessage([11, 46])).toBe('您无权授予以下权限：账号管理、新增账号');
  });

  it('numbers new roles per kind and says how many accounts hold a role', () => {
    expect(nextRoleCode('customer', null)).toBe('1001');
    expect(nextRoleCode('customer', 1003)).toBe('1004');
    expect(nextRoleCode('tenant', 17)).toBe('2001');
    expect(nextRoleCode('tenant', 9_999_999_999)).toBeNull();
    expect(roleInUseMessage(3)).toBe('该角色已分配给3个账号，请先取消分配后再删除');
  });
});
