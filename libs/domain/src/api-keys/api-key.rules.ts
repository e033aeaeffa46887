import { z } from 'zod';
import { catalogueId, catalogueName } from '../catalogues/catalogue-text';
import { filterTextSchema } from '../validation/eval-list.schemas';
import { isBlankFilter } from '../filters/list-filters';
import { pageQuerySchema } from '../validation/paging.schemas';

/** API keys (API密钥) through which a customer company's systems call the valuation API. */
export const ApiKeyMsg = {
  nameRequired: '密钥名称不能为空！',
  nameTooLong: '密钥名称不能超过30个字！',
  scopesRequired: '请至少选择一项权限范围！',
  scopeInvalid: '权限范围不正确',
  rateLimitInvalid: '每分钟限额须为1至6000的整数！',
  notFound: 'API密钥不存在',
  alreadyRevoked: '该API密钥已吊销',
  stateInvalid: '状态不正确',
  added: 'API密钥创建成功！',
  revoked: 'API密钥已吊销！',
  revokeConfirm: '吊销后使用该密钥的调用将立即被拒绝，且不能恢复。您确定要吊销吗？',
  secretOnce: '请立即复制并妥善保存该密钥，关闭后将不再显示。',
  keyNotAccepted: '该接口不支持API密钥调用',
  scopeMissing: '该API密钥无权调用此接口',
} as const;

/** What a key may call: valuations, batches, reports, and reading results. */
export const API_KEY_SCOPES = ['valuate', 'batch', 'reports', 'read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  valuate: '估价',
  batch: '批量估价',
  reports: '报告',
  read: '查询结果',
};

export const API_KEY_LIMITS = { name: 30, rateMin: 1, rateMax: 6000, rateDefault: 60 } as const;

/** A key is usable until revoked. */
export const API_KEY_STATES = { active: 1, revoked: 2 } as const;
export type ApiKeyState = (typeof API_KEY_STATES)[keyof typeof API_KEY_STATES];

export const API_KEY_STATE_LABELS: Readonly<Record<ApiKeyState, string>> = { 1: '有效', 2: '已吊销' };

/** Field labels of an API key in the operation log. */
export const API_KEY_LOG_LABELS = {
  name: '名称',
  prefix: '密钥前缀',
  scopes: '权限范围',
  rateLimitPerMinute: '每分钟限额',
  state: '状态',
} as const;

const scopeSchema = z.enum(API_KEY_SCOPES, { message: ApiKeyMsg.scopeInvalid });

/** Scopes as a form sends them (`scopes=a&scopes=b`, `scopes[]`, or `a,b`), deduplicated in catalogue order. */
const scopesSchema = z.preprocess(
  (v) => {
    const list = v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
    return list.map((s) => (typeof s === 'string' ? s.trim() : s));
  },
  z
    .array(scopeSchema, { message: ApiKeyMsg.scopeInvalid })
    .min(1, ApiKeyMsg.scopesRequired)
    .max(API_KEY_SCOPES.length * 2, ApiKeyMsg.scopeInvalid)
    .transform((scopes) => API_KEY_SCOPES.filter((s) => scopes.includes(s))),
);

const rateLimitSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? API_KEY_LIMITS.rateDefault : typeof v === 'string' ? v.trim() : v),
  z.coerce
    .number({ message: ApiKeyMsg.rateLimitInvalid })
    .int(ApiKeyMsg.rateLimitInvalid)
    .min(API_KEY_LIMITS.rateMin, ApiKeyMsg.rateLimitInvalid)
    .max(API_KEY_LIMITS.rateMax, ApiKeyMsg.rateLimitInvalid),
);

/** POST api/api-key/add (form or JSON: name, scopes, rateLimitPerMinute). */
export const apiKeyAddSchema = z.object({
  name: catalogueName(API_KEY_LIMITS.name, ApiKeyMsg.nameRequired, ApiKeyMsg.nameTooLong),
  scopes: scopesSchema,
  rateLimitPerMinute: rateLimitSchema,
});
export type ApiKeyAdd = z.output<typeof apiKeyAddSchema>;

/** POST api/api-key/revoke (form: id). */
export const apiKeyRevokeSchema = z.object({ id: catalogueId(ApiKeyMsg.notFound) });
export type ApiKeyRevoke = z.output<typeof apiKeyRevokeSchema>;

const stateFilter = z.preprocess(
  (v) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v),
  z.coerce
    .number({ message: ApiKeyMsg.stateInvalid })
    .refine((n) => n === API_KEY_STATES.active || n === API_KEY_STATES.revoked, ApiKeyMsg.stateInvalid)
    .transform((n) => n as ApiKeyState)
    .optional(),
);

/** GET api/api-key/list: name (contains), state (1 有效, 2 已吊销, blank for all), page (10, 50, 100, 200). */
export const apiKeyListQuerySchema = z.object({
  name: filterTextSchema(API_KEY_LIMITS.name),
  state: stateFilter,
  ...pageQuerySchema().shape,
});
export type ApiKeyListQuery = z.output<typeof apiKeyListQuerySchema>;
