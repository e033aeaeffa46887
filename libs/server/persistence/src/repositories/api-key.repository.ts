import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { ApiKeyEntity } from '../entities';
import { containsPattern, fetchPage, type PageRows } from '../query';

/** The customer company whose keys are read or changed. */
export interface ApiKeyOwner {
  tenantId: number;
  companyId: number;
}

export interface ApiKeyFilter {
  /** Part of the name. */
  name?: string;
  /** Only usable keys (false) or only revoked ones (true). */
  revoked?: boolean;
}

export type NewApiKey = Pick<
  ApiKeyEntity,
  | 'tenantId'
  | 'companyId'
  | 'organizationId'
  | 'accountId'
  | 'name'
  | 'prefix'
  | 'hash'
  | 'scopes'
  | 'rateLimitPerMinute'
  | 'createdBy'
  | 'createName'
>;

/** What a call with a key needs of it, read by the secret's hash on every call. */
export type ApiKeyCredential = Pick<
  ApiKeyEntity,
  'id' | 'tenantId' | 'accountId' | 'scopes' | 'rateLimitPerMinute' | 'lastUsedAt' | 'revokedAt'
>;

/** API keys of customer companies. */
@Injectable()
export class ApiKeyRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The company's keys matching the filter, newest first. */
  page(owner: ApiKeyOwner, filter: ApiKeyFilter, page: PageRequest): Promise<PageRows<ApiKeyEntity>> {
    const qb = this.ds
      .getRepository(ApiKeyEntity)
      .createQueryBuilder('k')
      .where('k.tenantId = :tenantId AND k.companyId = :companyId', owner);
    if (filter.name) qb.andWhere(`k.name LIKE :name ESCAPE '\\'`, { name: containsPattern(filter.name) });
    if (filter.revoked === true) qb.andWhere('k.revokedAt IS NOT NULL');
    if (filter.revoked === false) qb.andWhere('k.revokedAt IS NULL');
    return fetchPage(qb.orderBy('k.createdAt', 'DESC').addOrderBy('k.id', 'DESC'), page);
  }

  /** The key whose secret has this hash (through the unique index), revoked or not. */
  findByHash(hash: string): Promise<ApiKeyCredential | null> {
    return this.ds.getRepository(ApiKeyEntity).findOne({
      select: { id: true, tenantId: true, accountId: true, scopes: true, rateLimitPerMinute: true, lastUsedAt: true, revokedAt: true },
      where: { hash },
    });
  }

  /** Notes a call of the key, unless one was noted less than a minute ago. */
  async touch(id: number): Promise<void> {
    await this.ds.query(
      `UPDATE api_key SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [id],
    );
  }

  insert(m: EntityManager, row: NewApiKey): Promise<ApiKeyEntity> {
    const repo = m.getRepository(ApiKeyEntity);
    return repo.save(repo.create(row));
  }

  /** A key of the company, locked for the change about to be made. */
  findForChange(m: EntityManager, id: number, owner: ApiKeyOwner): Promise<ApiKeyEntity | null> {
    return m.getRepository(ApiKeyEntity).findOne({
      where: { id, tenantId: owner.tenantId, companyId: owner.companyId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  save(m: EntityManager, row: ApiKeyEntity): Promise<ApiKeyEntity> {
    return m.getRepository(ApiKeyEntity).save(row);
  }
}
