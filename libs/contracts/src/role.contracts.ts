import { z } from 'zod';

/** A row of the role lists (both back-offices). */
export const roleRowSchema = z
  .object({
    id: z.number(),
    code: z.string().describe('角色编码：数字，最多10位，每个租户的同类角色内唯一'),
    name: z.string(),
    remark: z.string(),
    createdTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    createdBy: z.number().nullable(),
    createdName: z.string(),
    creater: z.string().describe('创建人：createdBy(createdName)'),
    updatedTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    updatedBy: z.number().nullable(),
    updatedName: z.string(),
    updater: z.string().describe('更新人：updatedBy(updatedName)'),
    userCount: z.number().int().describe('已分配账号数'),
  })
  .meta({ id: 'RoleRow' });
export type RoleRow = z.infer<typeof roleRowSchema>;

/** GET role infodetailById: the row and the permission ids the role carries. */
export const roleDetailSchema = roleRowSchema
  .extend({ permissions: z.array(z.number().int()).describe('角色的权限 id（已按树规则补全上级）') })
  .meta({ id: 'RoleDetail' });
export type RoleDetail = z.infer<typeof roleDetailSchema>;

/** GET role list: the roles an account can be given. */
export const roleOptionSchema = z.object({ id: z.number(), name: z.string() }).meta({ id: 'RoleOption' });
export type RoleOption = z.infer<typeof roleOptionSchema>;

const permissionResourceShape = {
  id: z.number(),
  name: z.string(),
  sort: z.number(),
  parentId: z.number().describe('0 为一级'),
  code: z.string(),
};

/** GET resource distributiones: the two-level permission tree the caller may grant. */
export const permissionResourceSchema = z
  .object({ ...permissionResourceShape, children: z.array(z.object(permissionResourceShape)) })
  .meta({ id: 'PermissionResource' });
export type PermissionResource = z.infer<typeof permissionResourceSchema>;
