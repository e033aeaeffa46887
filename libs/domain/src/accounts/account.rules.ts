import { z } from 'zod';
import { AccountStatus, UserType } from '../codes/codes';
import { isBlankFilter } from '../filters/list-filters';
import { toFilterDate } from '../time/business-date';
import { ListMsg } from '../validation/eval-list.schemas';
import { recordIdSchema } from '../validation/fields';
import { PASSWORD_PATTERN } from '../validation/identity.schemas';
import { pageQuerySchema } from '../validation/paging.schemas';

/**
 * Login accounts administered in the back-offices: the organisation's accounts (customer accounts
 * of its company), the channel's customer accounts (any customer company of the tenant) and the
 * channel's staff. One form on every side, with the channel document's messages.
 */
export const ACCOUNT_LIMITS = { loginUser: 18, userName: 20, password: 18, mobilePhone: 100, email: 45, roles: 100 } as const;

export const AccountMsg = {
  loginUserInvalid: '账号格式不正确，格式为6-18位，可为字母、数字、下划线，必须以字母开头！',
  passwordRequired: '密码不能为空！',
  passwordInvalid: '密码格式不正确！，格式为6-18位字母、数字、符号的组合！',
  passwordMismatch: '两次密码输入不一致～！',
  userNameRequired: '姓名不能为空！',
  userNameTooLong: `姓名不能超过${ACCOUNT_LIMITS.userName}个字符`,
  phoneInvalid: '电话号码格式不正确，多个号码直接用“,”分割！',
  emailInvalid: '邮箱码格式不正确',
  expireDateRequired: '到期时间不能为空',
  expireDateInvalid: '到期时间格式不正确，应为yyyy/MM/dd',
  companyRequired: '客户公司不能为空！',
  /** The organisation filter of the list and the organisation of a new account. */
  organizationRequired: '请选择机构',
  rolesRequired: '请选择要分配的角色！',
  roleInvalid: '角色不正确',
  statusInvalid: '状态只能为0（启用）或1（禁用）',
  userTypeInvalid: '客户类型只能为1（企业）或2（个人）',
  accountKindInvalid: '账号类型只能为c（客户账号）或t（员工账号）',
  loginTaken: '账号已存在',
  mobileTaken: '该电话号码已被其他账号使用',
  notFound: '账号不存在',
  organizationNotFound: '机构不存在',
  companyNotFound: '客户公司不存在',
  roleNotFound: '角色不存在',
  cannotDisableSelf: '不能禁用自己的账号',
  cannotAssignSelf: '不能修改自己的角色',
  added: '新增成功',
  edited: '编辑成功',
  enabled: '启用成功',
  disabled: '禁用成功',
  assigned: '角色分配成功！',
  confirmAssign: '是否确认分配的角色',
  confirmDisable: '禁用后该账号将不能再登录，但其数据会保留。确定要禁用该账号吗？',
  confirmEnable: '启用后该账号可以重新登录。确定要启用该账号吗？',
} as const;

/** The refusal of assigning roles that carry permissions the caller does not hold, naming them. */
export function cannotAssignMessage(roleNames: readonly string[]): string {
  return `您无权分配以下角色：${roleNames.join('、')}`;
}

/** Field labels of an account in the operation log. */
export const ACCOUNT_LOG_LABELS = {
  loginUser: '账号',
  userName: '姓名',
  password: '密码',
  organizationName: '机构',
  customerCompanyName: '客户公司',
  userType: '客户类型',
  mobilePhone: '电话',
  email: '邮箱',
  expireDate: '到期时间',
  status: '状态',
  roles: '角色',
} as const;

/** A login name: 6 to 18 characters, a letter first, then letters, digits or underscores. */
export const LOGIN_USER_PATTERN = /^[A-Za-z][A-Za-z0-9_]{5,17}$/;
/** Phone numbers: digits and hyphens, several separated by commas. */
export const ACCOUNT_PHONE_PATTERN = /^[0-9-]+(,[0-9-]+)*$/;
const ACCOUNT_EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v);
const rawText = (v: unknown) => (v === undefined || v === null ? '' : v);

const loginUserSchema = z.preprocess(
  text,
  z.string({ message: AccountMsg.loginUserInvalid }).regex(LOGIN_USER_PATTERN, AccountMsg.loginUserInvalid),
);

/** The password on create: required and well formed. Passwords are not trimmed. */
const passwordSchema = z.preprocess(
  rawText,
  z
    .string({ message: AccountMsg.passwordInvalid })
    .min(1, AccountMsg.passwordRequired)
    .pipe(z.string().regex(PASSWORD_PATTERN, AccountMsg.passwordInvalid)),
);

/** The password on edit: empty keeps the current one (undefined), else well formed. */
const newPasswordSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : v),
  z.string({ message: AccountMsg.passwordInvalid }).regex(PASSWORD_PATTERN, AccountMsg.passwordInvalid).optional(),
);

const userNameSchema = z.preprocess(
  text,
  z
    .string({ message: AccountMsg.userNameRequired })
    .min(1, AccountMsg.userNameRequired)
    .max(ACCOUNT_LIMITS.userName, AccountMsg.userNameTooLong),
);

/** Optional text: empty is null. */
const optional = (pattern: RegExp, max: number, message: string) =>
  z.preprocess((v) => {
    const t = text(v);
    return t === '' ? null : t;
  }, z.string({ message }).max(max, message).regex(pattern, message).nullable());

const mobilePhoneSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/，/g, ',').replace(/\s+/g, '') : v),
  optional(ACCOUNT_PHONE_PATTERN, ACCOUNT_LIMITS.mobilePhone, AccountMsg.phoneInvalid),
);
const emailSchema = optional(ACCOUNT_EMAIL_PATTERN, ACCOUNT_LIMITS.email, AccountMsg.emailInvalid);

/** An expiry date as yyyy/MM/dd (yyyy-MM-dd accepted), kept as yyyy-MM-dd; null when empty. */
const expireDateOf = (required: boolean) =>
  z.preprocess(
    (v) => {
      const t = text(v);
      return t === '' ? null : t;
    },
    z
      .string({ message: AccountMsg.expireDateInvalid })
      .nullable()
      .superRefine((v, ctx) => {
        if (v === null) {
          if (required) ctx.addIssue({ code: 'custom', message: AccountMsg.expireDateRequired });
          return;
        }
        if (!/^\d{4}[-/]\d{2}[-/]\d{2}$/.test(v) || toFilterDate(v) === null)
          ctx.addIssue({ code: 'custom', message: AccountMsg.expireDateInvalid });
      })
      .transform((v) => (v === null ? null : (toFilterDate(v) as string).replace(/\//g, '-'))),
  );

const idOf = (message: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), recordIdSchema(message));

const userTypeSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? UserType.Enterprise : v),
  z.coerce
    .number({ message: AccountMsg.userTypeInvalid })
    .refine((n) => n === UserType.Enterprise || n === UserType.Personal, AccountMsg.userTypeInvalid),
);

/** The fields every account form has, in the form's order. */
const commonShape = (expireRequired: boolean) => ({
  expireDate: expireDateOf(expireRequired),
  userName: userNameSchema,
  mobilePhone: mobilePhoneSchema,
  email: emailSchema,
});

/** POST api/auth/user/add (JSON): organisation, account, expiry date (optional), password, name, phone, e-mail. */
export const orgAccountAddSchema = z.object({
  organizationId: idOf(AccountMsg.organizationRequired),
  loginUser: loginUserSchema,
  password: passwordSchema,
  ...commonShape(false),
});
export type OrgAccountAdd = z.output<typeof orgAccountAddSchema>;

/** POST api/tenant/auth/user/c/add (JSON): customer company, client type, account, password, name, phone, e-mail, expiry date (optional). */
export const customerAccountAddSchema = z.object({
  customerCompanyId: idOf(AccountMsg.companyRequired),
  userType: userTypeSchema,
  loginUser: loginUserSchema,
  password: passwordSchema,
  ...commonShape(false),
});
export type CustomerAccountAdd = z.output<typeof customerAccountAddSchema>;

/** POST api/tenant/auth/user/t/add (JSON): account, expiry date (required), password, name, phone, e-mail. */
export const staffAccountAddSchema = z.object({
  loginUser: loginUserSchema,
  password: passwordSchema,
  ...commonShape(true),
});
export type StaffAccountAdd = z.output<typeof staffAccountAddSchema>;

const editShape = (expireRequired: boolean) => ({
  id: idOf(AccountMsg.notFound),
  password: newPasswordSchema,
  ...commonShape(expireRequired),
});

/** POST api/auth/user/edit and api/tenant/auth/user/c/edit: the same without account and organisation (fixed), plus id; an empty password keeps it. */
export const customerAccountEditSchema = z.object(editShape(false));
export type CustomerAccountEdit = z.output<typeof customerAccountEditSchema>;

/** POST api/tenant/auth/user/t/edit: as on create, plus id; the expiry date stays required. */
export const staffAccountEditSchema = z.object(editShape(true));
export type StaffAccountEdit = z.output<typeof staffAccountEditSchema>;

/** Any account add or edit request, as the services read them. */
export type AccountWrite = {
  userName: string;
  mobilePhone: string | null;
  email: string | null;
  expireDate: string | null;
  password?: string;
};

/** The form's confirmation of the password (checked in the browser only: the server receives the password once). */
export function passwordConfirmError(password: string, confirm: string): string | null {
  return password === confirm ? null : AccountMsg.passwordMismatch;
}

/**
 * Which table a shared channel call (changeStatus, infoDetail, distributionRole) means: c customer
 * accounts, t staff. Absent, the caller's permissions decide when they allow only one.
 */
export type AccountKind = 'c' | 't';

const accountKindSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : v),
  z.enum(['c', 't'], { message: AccountMsg.accountKindInvalid }).optional(),
);

const userIdSchema = idOf(AccountMsg.notFound);

/** POST changeStatus (form): status, userId; on the channel also accountKind. */
export const accountStatusSchema = z.object({
  userId: userIdSchema,
  status: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.coerce
      .number({ message: AccountMsg.statusInvalid })
      .refine((n) => n === AccountStatus.Enabled || n === AccountStatus.Disabled, AccountMsg.statusInvalid)
      .transform((n): AccountStatus => (n === AccountStatus.Disabled ? AccountStatus.Disabled : AccountStatus.Enabled)),
  ),
  accountKind: accountKindSchema,
});
export type AccountStatusChange = z.output<typeof accountStatusSchema>;

/** GET infoDetail: userId; on the channel also accountKind. */
export const accountIdQuerySchema = z.object({ userId: userIdSchema, accountKind: accountKindSchema });
export type AccountIdQuery = z.output<typeof accountIdQuerySchema>;

/** Role ids as JSON sends them (an array), as a form sends them (repeated or comma-separated) or as one id. */
function idList(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return [];
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  if (typeof v === 'number') return [v];
  return v;
}

/** POST distributionRole (form): userId, roleIds (at least one); on the channel also accountKind. */
export const accountRolesSchema = z.object({
  userId: userIdSchema,
  roleIds: z.preprocess(
    idList,
    z
      .array(recordIdSchema(AccountMsg.roleInvalid), { message: AccountMsg.roleInvalid })
      .min(1, AccountMsg.rolesRequired)
      .max(ACCOUNT_LIMITS.roles, AccountMsg.roleInvalid)
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  ),
  accountKind: accountKindSchema,
});
export type AccountRoles = z.output<typeof accountRolesSchema>;

const blank = (v: unknown) => (isBlankFilter(typeof v === 'string' ? v.trim() : (v as number | null | undefined)) ? undefined : v);

const filterText = (max: number) =>
  z.preprocess(
    (v) => blank(typeof v === 'string' ? v.trim() : v),
    z.string({ message: ListMsg.textTooLong }).max(max, ListMsg.textTooLong).optional(),
  );

/** The status filter: 0 enabled, 1 disabled, empty for both (0 is a value here, not "all"). */
const statusFilter = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? v.trim() : v),
  z.coerce
    .number({ message: AccountMsg.statusInvalid })
    .refine((n) => n === AccountStatus.Enabled || n === AccountStatus.Disabled, AccountMsg.statusInvalid)
    .optional(),
);

const roleFilter = z.preprocess(blank, recordIdSchema(AccountMsg.roleInvalid).optional());

const listShape = {
  loginUser: filterText(ACCOUNT_LIMITS.loginUser),
  userName: filterText(ACCOUNT_LIMITS.userName),
  roleId: roleFilter,
  status: statusFilter,
};

/** The organisation ids of a list: repeated, an array or comma-separated; at least one. */
const organizationIdsSchema = z.preprocess(
  (v) => (Array.isArray(v) ? v.flatMap((x) => idList(x) as unknown[]) : idList(v)),
  z
    .array(recordIdSchema(AccountMsg.organizationNotFound), { message: AccountMsg.organizationRequired })
    .min(1, AccountMsg.organizationRequired)
    .max(500, AccountMsg.organizationNotFound)
    .transform((ids) => [...new Set(ids)]),
);

/** GET api/auth/user/list: organizationIds (at least one), loginUser, userName, roleId, status, paging (10/50/100/200). */
export const orgAccountListQuerySchema = z.object({
  organizationIds: organizationIdsSchema,
  ...listShape,
  ...pageQuerySchema().shape,
});
export type OrgAccountListQuery = z.output<typeof orgAccountListQuerySchema>;

/** The channel's account page sizes: 20, 50, 100, 200 (default 20). */
export const CHANNEL_ACCOUNT_PAGE_SIZES = [20, 50, 100, 200] as const;

/** GET api/tenant/auth/user/c/list and t/list: loginUser, userName, roleId, status, customerCompanyName, lastDate (expiring on or before), paging. */
export const channelAccountListQuerySchema = z.object({
  ...listShape,
  customerCompanyName: filterText(50),
  lastDate: z.preprocess(
    blank,
    z
      .string({ message: ListMsg.dateInvalid })
      .trim()
      .refine((v) => /^\d{4}[-/]\d{2}[-/]\d{2}$/.test(v) && toFilterDate(v) !== null, ListMsg.dateInvalid)
      .transform((v) => (toFilterDate(v) as string).replace(/\//g, '-'))
      .optional(),
  ),
  ...pageQuerySchema(CHANNEL_ACCOUNT_PAGE_SIZES).shape,
});
export type ChannelAccountListQuery = z.output<typeof channelAccountListQuerySchema>;
