import type { AccountRow } from '@valuation/contracts';
import {
  customerAccountAddSchema,
  customerAccountEditSchema,
  orgAccountAddSchema,
  passwordConfirmError,
  staffAccountAddSchema,
  staffAccountEditSchema,
} from '@valuation/domain';
import type { AccountSide } from './account-sides';

/** What the account dialog holds: every field as typed (ids as the pickers' text). */
export interface AccountFormValues extends Record<string, unknown> {
  organizationId: string;
  customerCompanyId: string | null;
  userType: string;
  loginUser: string;
  expireDate: string;
  password: string;
  confirmPassword: string;
  userName: string;
  mobilePhone: string;
  email: string;
}

export type AccountFormTarget = { kind: 'add' } | { kind: 'edit'; row: AccountRow };

/** yyyy/MM/dd of a stored yyyy-MM-dd date, as the form shows and sends it. */
const formDate = (date: string | null) => (date ? date.replace(/-/g, '/') : '');

export function initialAccountForm(target: AccountFormTarget): AccountFormValues {
  const row = target.kind === 'edit' ? target.row : null;
  return {
    organizationId: row?.organizationId ? String(row.organizationId) : '',
    customerCompanyId: row?.customerCompanyId ? String(row.customerCompanyId) : null,
    userType: String(row?.userType ?? 1),
    loginUser: row?.loginUser ?? '',
    expireDate: formDate(row?.expireDate ?? null),
    password: '',
    confirmPassword: '',
    userName: row?.userName ?? '',
    mobilePhone: row?.mobilePhone ?? '',
    email: row?.email ?? '',
  };
}

/** The schema the server checks the side's add or edit request with. */
export function accountSchema(side: AccountSide, target: AccountFormTarget) {
  if (side.name === 'staff') return target.kind === 'add' ? staffAccountAddSchema : staffAccountEditSchema;
  if (target.kind === 'edit') return customerAccountEditSchema;
  return side.name === 'org' ? orgAccountAddSchema : customerAccountAddSchema;
}

/** The request of the form: add sends the account (and organisation or company), edit the id without them. */
export function accountRequest(side: AccountSide, target: AccountFormTarget, v: AccountFormValues): Record<string, unknown> {
  const common = { expireDate: v.expireDate, password: v.password, userName: v.userName, mobilePhone: v.mobilePhone, email: v.email };
  if (target.kind === 'edit') return { id: target.row.id, ...common };
  return {
    ...(side.organisation ? { organizationId: v.organizationId } : {}),
    ...(side.company ? { customerCompanyId: v.customerCompanyId ?? '', userType: v.userType } : {}),
    loginUser: v.loginUser,
    ...common,
  };
}

/** The confirmation rule beyond the server's schema. */
export function confirmErrors(v: AccountFormValues): Record<string, string> {
  const error = v.password || v.confirmPassword ? passwordConfirmError(v.password, v.confirmPassword) : null;
  return error ? { confirmPassword: error } : {};
}
