import type { Population } from '@valuation/domain';

export interface CaptchaResponse {
  /** An image the browser can show directly (a data URL). */
  captcha: string;
  identity: string;
}

export interface LoginRequest {
  userName: string;
  password: string;
  captcha: string;
  identity: string;
}

export interface LoginResponse {
  token: string;
  population: Population;
}

/** GET /api/auth/user/login-user */
export interface LoginUser {
  id: number;
  loginUser: string;
  userName: string;
  organizationName: string;
  organizationId: number;
  parentOrgName: string;
  email: string;
  mobilePhone: string;
  userType: number;
  expireDate: string | null;
  lastLoginTime: string | null;
  tenantId: number;
}

/** GET /api/tenant/auth/user/login-user */
export interface TenantLoginUser {
  id: number;
  loginUser: string;
  userName: string;
  tenantId: number;
  organizationName: string;
  parentOrgName: string;
  email: string;
  mobilePhone: string;
  expireDate: string | null;
  lastLoginTime: string | null;
}

/** One entry of the permission fetch of either population. */
export interface PermissionItem {
  id: number;
  name: string;
  parentId: number;
  level: number;
  sort: number;
  code: string;
  url: string;
  resourceType: number;
}

export interface ProfileEditRequest {
  email: string;
  phone: string;
  loginUser?: string;
}

export interface PasswordChangeRequest {
  oldPwd: string;
  newPwd: string;
}

/** GET /api/auth/user/statistics */
export interface UserStatistics {
  rapidTotal: number;
  advisoryTotal: number;
  inquiryTotal: number;
  batchTotal: number;
}

/** GET /api/auth/user/login-user/balance */
export interface OwnBalance {
  cityCount: number;
  annuallyCount: number;
  universalCount: number;
  advisoryCount: number;
  inquiryCount: number;
  buyScope: string;
}

/** GET /api/auth/user/login-user/orders */
export interface OrderRow {
  orderNo: string;
  orderTime: string;
  productName: string;
  buyModeName: string;
  buyScope: string;
  evalCount: number;
  reportCount: number;
  effectiveDate: string;
  expireDate: string;
  state: number;
}
