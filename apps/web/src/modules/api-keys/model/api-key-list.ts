import { API_KEY_LIMITS, API_KEY_STATE_LABELS, API_KEY_STATES } from '@valuation/domain';
import type { FilterField } from '@valuation/ui';
import type { ApiKeyListRequest } from '../api/api-keys-api';

/** Page sizes of the API key list. */
export const API_KEY_PAGE_SIZES = [10, 50, 100, 200] as const;

/** The filters: part of the name, and the state (全部, 有效, 已吊销). */
export const API_KEY_FIELDS: readonly FilterField[] = [
  { kind: 'text', key: 'name', label: '名称', placeholder: '密钥名称', maxLength: API_KEY_LIMITS.name, width: 200 },
  {
    kind: 'select',
    key: 'state',
    label: '状态',
    options: [
      { value: 'all', label: '全部' },
      { value: String(API_KEY_STATES.active), label: API_KEY_STATE_LABELS[API_KEY_STATES.active] },
      { value: String(API_KEY_STATES.revoked), label: API_KEY_STATE_LABELS[API_KEY_STATES.revoked] },
    ],
    width: 120,
  },
];

/** The query of api/api-key/list from the applied filters (blank ones already dropped). */
export function apiKeyQuery(q: Readonly<Record<string, string>>, pageIndex: number, pageSize: number): ApiKeyListRequest {
  const state = q.state === '1' ? API_KEY_STATES.active : q.state === '2' ? API_KEY_STATES.revoked : undefined;
  return { name: q.name, state, pageIndex, pageSize };
}
