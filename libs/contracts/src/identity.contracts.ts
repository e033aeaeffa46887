import { z } from 'zod';
import { pagedSchema } from './envelope';

export const captchaResponseSchema = z
  .object({
    captcha: z.string().describe('An image the browser can show directly (a data URL).'),
    identity: z.string(),
  })
  .meta({ id: 'CaptchaResponse' });
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

export interface LoginRequest {
  userName: string;
  password: string;
  captcha: string;
  identity: string;
}

export const loginResponseSchema = z
  .object({
    token: z.string(),
    population: z.enum(['user', 'tenant']),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const loginUserSchema = z
  .object({
    id: z.number(),
    loginUser: z.string(),
    userName: z.string(),
    organizationName: z.string(),
    organizationId: z.number(),
    parentOrgName: z.string(),
    email: z.string(),
    mobilePhone: z.string(),
    userType: z.number(),
    expireDate: z.string().nullable(),
    lastLoginTime: z.string().nullable(),
    tenantId: z.number(),
  })
  .meta({ id: 'LoginUser', description: 'GET /api/auth/user/login-user' });
export type LoginUser = z.infer<typeof loginUserSchema>;

export const tenantLoginUserSchema = z
  .object({
    id: z.number(),
    loginUser: z.string(),
    userName: z.string(),
    tenantId: z.number(),
    organizationName: z.string(),
    parentOrgName: z.string(),
    email: z.string(),
    mobilePhone: z.string(),
    expireDate: z.string().nullable(),
    lastLoginTime: z.string().nullable(),
  })
  .meta({ id: 'TenantLoginUser', description: 'GET /api/tenant/auth/user/login-user' });
export type TenantLoginUser = z.infer<typeof tenantLoginUserSchema>;

export const permissionItemSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    parentId: z.number(),
    level: z.number(),
    sort: z.number(),
    code: z.string(),
    url: z.string(),
    resourceType: z.number(),
  })
  .meta({ id: 'PermissionItem', description: 'One entry of the permission fetch of either population.' });
export type PermissionItem = z.infer<typeof permissionItemSchema>;

export interface ProfileEditRequest {
  email: string;
  phone: string;
  loginUser?: string;
}

export interface PasswordChangeRequest {
  oldPwd: string;
  newPwd: string;
}

export const userStatisticsSchema = z
  .object({
    rapidTotal: z.number(),
    advisoryTotal: z.number(),
    inquiryTotal: z.number(),
    batchTotal: z.number(),
  })
  .meta({ id: 'UserStatistics', description: 'GET /api/auth/user/statistics' });
export type UserStatistics = z.infer<typeof userStatisticsSchema>;

export const ownBalanceSchema = z
  .object({
    cityCount: z.number(),
    annuallyCount: z.number(),
    universalCount: z.number(),
    advisoryCount: z.number(),
    inquiryCount: z.number(),
    buyScope: z.string(),
  })
  .meta({ id: 'OwnBalance', description: 'GET /api/auth/user/login-user/balance' });
export type OwnBalance = z.infer<typeof ownBalanceSchema>;

export const orderRowSchema = z
  .object({
    orderNo: z.string(),
    orderTime: z.string(),
    productName: z.string(),
    buyModeName: z.string(),
    buyScope: z.string(),
    evalCount: z.number(),
    reportCount: z.number(),
    effectiveDate: z.string(),
    expireDate: z.string(),
    state: z.number(),
  })
  .meta({ id: 'OrderRow', description: 'GET /api/auth/user/login-user/orders' });
export type OrderRow = z.infer<typeof orderRowSchema>;

/** GET api/tenant/customer-company/list */
export const customerCompanyOptionSchema = z
  .object({ id: z.number(), name: z.string() })
  .meta({ id: 'CustomerCompanyOption', description: 'An active customer company (root organisation) of the tenant.' });
export type CustomerCompanyOption = z.infer<typeof customerCompanyOptionSchema>;

export const notifySettingsViewSchema = z
  .object({
    organizationId: z.number(),
    webhookUrl: z.string().nullable(),
    hasSecret: z.boolean(),
    secretPreview: z.string().nullable().describe('First 4 characters and ****; null without a secret.'),
  })
  .meta({
    id: 'NotifySettingsView',
    description: "An organisation's notification setting as shown; the secret itself only in `secret` of the answer that generated it.",
  });
export type NotifySettingsView = z.infer<typeof notifySettingsViewSchema>;

export const notifySettingsSavedSchema = notifySettingsViewSchema
  .extend({ secret: z.string().nullable().describe('The whole secret, present only when this request generated it.') })
  .meta({ id: 'NotifySettingsSaved' });
export type NotifySettingsSaved = z.infer<typeof notifySettingsSavedSchema>;

export const notifyTestResultSchema = z
  .object({
    delivered: z.boolean().describe('True when the webhook answered 2xx.'),
    status: z.number().nullable().describe('HTTP status of the answer; null when none came.'),
    error: z.string().nullable(),
    durationMs: z.number(),
  })
  .meta({
    id: 'NotifyTestResult',
    description: 'POST api/organization/notify-settings/test: what the signed test event to the webhook did.',
  });
export type NotifyTestResult = z.infer<typeof notifyTestResultSchema>;

export const notifyDeliveryViewSchema = z
  .object({
    id: z.number(),
    kind: z.string().describe('The event: batch.finished, batch.failed, revaluation.finished.'),
    channel: z.enum(['webhook', 'sms']),
    status: z.enum(['pending', 'queued', 'delivered', 'failed', 'skipped']),
    attempts: z.number().int().describe('Delivery tries made so far.'),
    lastError: z.string().nullable().describe('Why the last try failed, or why the row was skipped, in Chinese.'),
    organizationId: z.number(),
    organizationName: z.string().nullable(),
    targetHost: z.string().nullable().describe("Host of the webhook URL the delivery goes to (the setting's current URL); null for SMS."),
    resendOf: z.number().nullable().describe('The delivery this row sends again.'),
    createTime: z.string(),
    finishTime: z.string().nullable(),
  })
  .meta({ id: 'NotifyDeliveryView', description: 'One notification of an event on one channel, and how its delivery went.' });
export type NotifyDeliveryView = z.infer<typeof notifyDeliveryViewSchema>;

export const notifyDeliveryListSchema = pagedSchema(notifyDeliveryViewSchema).meta({ id: 'NotifyDeliveryList' });

export const notifyResendResultSchema = z
  .object({ id: z.number().describe('The new delivery row.') })
  .meta({ id: 'NotifyResendResult', description: 'POST api/notify/deliveries/resend: the new row, delivered by the worker.' });
export type NotifyResendResult = z.infer<typeof notifyResendResultSchema>;
