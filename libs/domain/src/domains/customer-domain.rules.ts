import { z } from 'zod';
import { recordIdSchema } from '../validation/fields';
import { pageQuerySchema } from '../validation/paging.schemas';
import { seenVersionSchema } from '../validation/version.schema';

/** Customer domains (域名申请): the valuation site of a customer company under its own domain name. */
export const CustomerDomainMsg = {
  companyRequired: '请选择对应的客户公司',
  domainRequired: '请填写估价网站域名',
  domainInvalid: '域名格式填写错误',
  unchanged: '未修改任何域名信息，请误重复申请',
  duplicate: '同一域名只可申请一次',
  systemError: '系统异常，请联系您的客户经理',
  failReasonRequired: '请填写失败原因',
  failReasonTooLong: '失败原因不能超过200个字',
  serverIpInvalid: '请输入正确的服务器IP',
  notFound: '域名申请不存在',
  versionInvalid: '域名申请版本不正确',
  conflict: '该域名申请已被他人更新，请刷新后重试',
  applied: '发送成功',
  edited: '编辑成功',
  deleted: '删除成功',
} as const;

export type CustomerDomainStateCode = 1 | 2 | 3;

/** States: 1 processing, 2 completed, 3 failed. */
export const CUSTOMER_DOMAIN_STATE_LABELS: Readonly<Record<CustomerDomainStateCode, string>> = { 1: '处理中', 2: '已完成', 3: '申请失败' };

export const CUSTOMER_DOMAIN_LIMITS = { domain: 253, label: 63, failReason: 200 } as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** The last label: letters, or an internationalised top-level domain in punycode. */
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** A host name typed with non-ASCII letters (估价.中国) in punycode, as browsers send it in the Host header. */
function toAscii(host: string): string | null {
  if (/^[\x21-\x7e]*$/.test(host)) return host;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * The domain as stored: trimmed, lower case, in punycode, without a leading http:// or https://
 * and without a trailing slash or dot. Null when what remains is not a host name of at least two
 * labels: a path, a port, a query, credentials, an IP address or a single label are refused.
 */
export function normaliseDomain(input: string): string | null {
  let v = input.trim().toLowerCase();
  v = v.replace(/^https?:\/\//, '');
  v = v.replace(/\/$/, '').replace(/\.$/, '');
  if (v === '' || /[\s/?#:@\\]/.test(v)) return null;
  const ascii = toAscii(v);
  if (ascii === null || ascii.length > CUSTOMER_DOMAIN_LIMITS.domain) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (!TOP_LEVEL.test(labels[labels.length - 1])) return null;
  return ascii;
}

/** Whether the typed domain is a different domain from the stored one (case, scheme and a trailing slash do not count). */
export function domainChanged(oldDomain: string | null | undefined, newDomain: string | null | undefined): boolean {
  const key = (d: string | null | undefined) => {
    const text = (d ?? '').trim();
    return text === '' ? '' : (normaliseDomain(text) ?? text.toLowerCase());
  };
  return key(oldDomain) !== key(newDomain);
}

/** Whether a domain is already applied for, by this or another application (same normalised value). */
export function isDuplicateDomain(domain: string, existing: readonly string[]): boolean {
  const key = normaliseDomain(domain);
  return key !== null && existing.some((d) => normaliseDomain(d) === key);
}

const domain = z
  .preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v),
    z.string({ message: CustomerDomainMsg.domainInvalid }),
  )
  .superRefine((v, ctx) => {
    if (v === '') ctx.addIssue({ code: 'custom', message: CustomerDomainMsg.domainRequired });
    else if (normaliseDomain(v) === null) ctx.addIssue({ code: 'custom', message: CustomerDomainMsg.domainInvalid });
  })
  .transform((v) => normaliseDomain(v) as string);

const positiveId = (message: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), recordIdSchema(message));

/** POST /api/tenant/customer-domain/add (JSON). */
export const customerDomainApplySchema = z.object({
  companyId: positiveId(CustomerDomainMsg.companyRequired),
  domain,
});
export type CustomerDomainApply = z.output<typeof customerDomainApplySchema>;

/** POST /api/tenant/customer-domain/update: the company stays; whether the domain changed is checked against the stored one with {@link domainChanged}. */
export const customerDomainEditSchema = z.object({
  id: positiveId(CustomerDomainMsg.notFound),
  companyId: positiveId(CustomerDomainMsg.companyRequired).optional(),
  domain,
  version: seenVersionSchema(CustomerDomainMsg.versionInvalid),
});
export type CustomerDomainEdit = z.output<typeof customerDomainEditSchema>;

/** POST /api/tenant/customer-domain/delete. */
export const customerDomainDeleteSchema = z.object({ id: positiveId(CustomerDomainMsg.notFound) });

/** GET /api/tenant/customer-domain/pageable (sizes 10, 50, 100, 200). */
export const customerDomainListQuerySchema = pageQuerySchema();
export type CustomerDomainListQuery = z.output<typeof customerDomainListQuerySchema>;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The operator's answer: completed with the server IP the domain must point to, or failed with a reason. */
export const customerDomainCompleteSchema = z.object({
  id: positiveId(CustomerDomainMsg.notFound),
  serverIp: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string({ message: CustomerDomainMsg.serverIpInvalid }).regex(IPV4, CustomerDomainMsg.serverIpInvalid).optional(),
  ),
});
export const customerDomainFailSchema = z.object({
  id: positiveId(CustomerDomainMsg.notFound),
  reason: z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v),
    z
      .string({ message: CustomerDomainMsg.failReasonRequired })
      .min(1, CustomerDomainMsg.failReasonRequired)
      .max(CUSTOMER_DOMAIN_LIMITS.failReason, CustomerDomainMsg.failReasonTooLong),
  ),
});

export type CustomerDomainFormCheck = { ok: true; domain: string } | { ok: false; message: string };

/** The apply modal: a company, then a domain in a valid format. */
export function checkDomainApplyForm(v: { companyId: number | null | undefined; domain: string }): CustomerDomainFormCheck {
  if (!v.companyId || v.companyId <= 0) return { ok: false, message: CustomerDomainMsg.companyRequired };
  return checkDomainText(v.domain);
}

/** The edit modal: a domain in a valid format that differs from the stored one. */
export function checkDomainEditForm(oldDomain: string, v: { domain: string }): CustomerDomainFormCheck {
  const check = checkDomainText(v.domain);
  if (!check.ok) return check;
  if (!domainChanged(oldDomain, check.domain)) return { ok: false, message: CustomerDomainMsg.unchanged };
  return check;
}

function checkDomainText(text: string): CustomerDomainFormCheck {
  if (text.trim() === '') return { ok: false, message: CustomerDomainMsg.domainRequired };
  const normalised = normaliseDomain(text);
  return normalised === null ? { ok: false, message: CustomerDomainMsg.domainInvalid } : { ok: true, domain: normalised };
}

/** The message the web shows for a failed add or edit: 403 means the domain was applied for already, 409 that someone changed the application first. */
export function customerDomainFailureMessage(code: number | string): string {
  if (Number(code) === 403) return CustomerDomainMsg.duplicate;
  if (Number(code) === 409) return CustomerDomainMsg.conflict;
  return CustomerDomainMsg.systemError;
}

/** A row of the domain application list. */
export interface CustomerDomainRow {
  id: number;
  companyId: number;
  companyName: string;
  categoryName: string | null;
  domain: string;
  serverIp: string | null;
  state: CustomerDomainStateCode;
  updateTime: string;
}
