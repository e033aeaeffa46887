export const PROPERTY_TYPE_LABELS: Readonly<Record<number, string>> = {
  11: '住宅',
  12: '普通公寓',
  13: '商住',
  14: '酒店',
  15: '车库',
  16: '酒店式公寓',
  21: '办公',
  22: '商铺',
  31: '厂房/仓库',
  41: '车位',
  99: '其他',
};

export enum UserType {
  Enterprise = 1,
  Personal = 2,
}

export enum AccountStatus {
  Enabled = 0,
  Disabled = 1,
}

export const USER_TYPE_LABELS: Readonly<Record<UserType, string>> = {
  [UserType.Enterprise]: '企业',
  [UserType.Personal]: '个人',
};

export const ACCOUNT_STATUS_LABELS: Readonly<Record<AccountStatus, string>> = {
  [AccountStatus.Enabled]: '启用',
  [AccountStatus.Disabled]: '禁用',
};

/** The two login populations: customer accounts and tenant (channel) staff. */
export type Population = 'user' | 'tenant';

export const SITE_IMAGE_TYPES = { logo: 1, background: 2 } as const;
export type SiteImageType = (typeof SITE_IMAGE_TYPES)[keyof typeof SITE_IMAGE_TYPES];

export const THEME_PRESETS: readonly string[] = ['#1c7ed6', '#0ca678', '#f08c00', '#e03131', '#7048e8'];
