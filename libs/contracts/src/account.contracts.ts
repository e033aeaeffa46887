import { z } from 'zod';

const roleRefSchema = z.object({ id: z.number(), name: z.string() }).meta({ id: 'AccountRoleRef' });

/** A row of the account lists (the organisation's accounts, the channel's customer accounts and staff). */
export const accountRowSchema = z
  .object({
    id: z.number(),
    loginUser: z.string(),
    userName: z.string(),
    email: z.string(),
    mobilePhone: z.string(),
    status: z.number().describe('0 启用，1 禁用'),
    userType: z.number().nullable().describe('客户账号：1 企业，2 个人；员工为 null'),
    organizationId: z.number().nullable().describe('客户账号所属机构；员工为 null'),
    organizationName: z.string(),
    customerCompanyId: z.number().nullable().describe('客户账号所属客户公司；员工为 null'),
    customerCompanyName: z.string(),
    roleNames: z.string().describe('账号的角色名称，以“,”分隔'),
    roleId: z.string().describe('账号的角色 id，以“,”分隔'),
    roleList: z.array(roleRefSchema),
    createdTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    updatedTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    updatedBy: z.number().nullable(),
    expireDate: z.string().nullable().describe('到期日 yyyy-MM-dd，过了这一天（北京时间）不能再登录；null 为不过期'),
    lastDate: z.string().nullable().describe('同 expireDate'),
    lastLoginTime: z.string().describe('yyyy-MM-dd HH:mm:ss；未登录过为空'),
  })
  .meta({ id: 'AccountRow' });
export type AccountRow = z.infer<typeof accountRowSchema>;

/** POST add: the new account's id. */
export const accountCreatedSchema = z.object({ id: z.number() }).meta({ id: 'AccountCreated' });
export type AccountCreated = z.infer<typeof accountCreatedSchema>;

/** GET infoDetail (both back-offices): the account and its roles, with the roles the caller may give it. */
export const accountDetailSchema = accountRowSchema
  .extend({
    assignable: z.array(roleRefSchema).describe('调用者可以分配给该账号的角色'),
  })
  .meta({ id: 'AccountDetail' });
export type AccountDetail = z.infer<typeof accountDetailSchema>;
