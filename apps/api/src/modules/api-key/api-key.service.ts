import { Injectable } from '@nestjs/common';
import { pagedList, type ApiKeyCreated, type ApiKeyView, type Paged } from '@valuation/contracts';
import {
  API_KEY_LOG_LABELS,
  API_KEY_SCOPE_LABELS,
  API_KEY_STATE_LABELS,
  API_KEY_STATES,
  ApiKeyMsg,
  formatDateTime,
  type ApiKeyAdd,
  type ApiKeyListQuery,
  type ApiKeyScope,
  type RecordSnapshot,
} from '@valuation/domain';
import { ApiKeyRepository, UnitOfWork, type ApiKeyEntity, type ApiKeyOwner } from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { clip } from '../auth/audit-trail.service';
import { apiKeyPrefix, hashApiKey, newApiKeySecret } from './api-key.secret';

const stateOf = (k: ApiKeyEntity) => (k.revokedAt === null ? API_KEY_STATES.active : API_KEY_STATES.revoked);

export function toApiKeyView(k: ApiKeyEntity): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes as ApiKeyScope[],
    rateLimitPerMinute: k.rateLimitPerMinute,
    createBy: k.createdBy,
    createName: k.createName,
    createTime: formatDateTime(k.createdAt),
    lastUsedTime: k.lastUsedAt ? formatDateTime(k.lastUsedAt) : null,
    state: stateOf(k),
    revokeTime: k.revokedAt ? formatDateTime(k.revokedAt) : null,
    revokeName: k.revokeName,
  };
}

/** The fields of a key as the operation log keeps them (never its secret nor its hash). */
const snapshot = (k: ApiKeyEntity): RecordSnapshot => ({
  name: k.name,
  prefix: k.prefix,
  scopes: (k.scopes as ApiKeyScope[]).map((s) => API_KEY_SCOPE_LABELS[s] ?? s),
  rateLimitPerMinute: k.rateLimitPerMinute,
  state: API_KEY_STATE_LABELS[stateOf(k)],
});

const target = (k: ApiKeyEntity) => ({ type: 'api_key', id: k.id, name: `${k.name}（${k.prefix}）` });

/** The caller's customer company; keys belong to one, so a caller without one has none. */
function keyOwner(p: Principal): ApiKeyOwner {
  if (p.companyId === null) throw ApiError.notFound(ApiKeyMsg.notFound);
  return { tenantId: p.tenantId, companyId: p.companyId };
}

/**
 * API keys of the caller's customer company. A new key acts as the administrator who makes it;
 * its secret is answered once and only its hash is kept. Every change writes its operation-log
 * row in its own transaction.
 */
@Injectable()
export class ApiKeyService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: ApiKeyRepository,
    private readonly log: AdminLog,
  ) {}

  async page(p: Principal, q: ApiKeyListQuery): Promise<Paged<ApiKeyView>> {
    const revoked = q.state === undefined ? undefined : q.state === API_KEY_STATES.revoked;
    const { rows, total } = await this.keys.page(keyOwner(p), { name: q.name, revoked }, q);
    return pagedList(rows.map(toApiKeyView), total, q.pageIndex, q.pageSize);
  }

  async add(p: Principal, input: ApiKeyAdd, ip: string | undefined): Promise<Reply<ApiKeyCreated>> {
    const owner = keyOwner(p);
    if (p.organizationId === null) throw ApiError.notFound(ApiKeyMsg.notFound);
    const organizationId = p.organizationId;
    const secret = newApiKeySecret();
    const row = await this.uow.run(async (m) => {
      const saved = await this.keys.insert(m, {
        ...owner,
        organizationId,
        accountId: p.id,
        name: input.name,
        prefix: apiKeyPrefix(secret),
        hash: hashApiKey(secret),
        scopes: [...input.scopes],
        rateLimitPerMinute: input.rateLimitPerMinute,
        createdBy: p.id,
        createName: clip(p.userName, 20),
      });
      await this.log.write(m, p, ip, { action: '新增API密钥', target: target(saved), after: snapshot(saved), labels: API_KEY_LOG_LABELS });
      return saved;
    });
    return new Reply({ key: toApiKeyView(row), secret }, ApiKeyMsg.added);
  }

  /** Revokes the key at once: the next call made with it is refused. */
  async revoke(p: Principal, id: number, ip: string | undefined): Promise<Reply<ApiKeyView>> {
    const owner = keyOwner(p);
    const row = await this.uow.run(async (m) => {
      const found = await this.keys.findForChange(m, id, owner);
      if (!found) throw ApiError.notFound(ApiKeyMsg.notFound);
      if (found.revokedAt !== null) throw ApiError.conflict(ApiKeyMsg.alreadyRevoked);
      const before = snapshot(found);
      found.revokedAt = new Date();
      found.revokedBy = p.id;
      found.revokeName = clip(p.userName, 20);
      const saved = await this.keys.save(m, found);
      await this.log.write(m, p, ip, {
        action: '吊销API密钥',
        target: target(saved),
        before,
        after: snapshot(saved),
        labels: API_KEY_LOG_LABELS,
      });
      return saved;
    });
    return new Reply(toApiKeyView(row), ApiKeyMsg.revoked);
  }
}
