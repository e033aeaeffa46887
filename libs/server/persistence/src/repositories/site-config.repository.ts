import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource, type DeepPartial, type EntityManager } from 'typeorm';
import { SiteConfigEntity } from '../entities';

/** Branding rows: a tenant's own (companyId null) and its customer companies'. */
@Injectable()
export class SiteConfigRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  find(tenantId: number, companyId: number | null): Promise<SiteConfigEntity | null> {
    return this.ds.getRepository(SiteConfigEntity).findOneBy({ tenantId, companyId: companyId ?? IsNull() });
  }

  /** The row of an owner, held until the transaction ends. */
  findForChange(m: EntityManager, tenantId: number, companyId: number | null): Promise<SiteConfigEntity | null> {
    return m.getRepository(SiteConfigEntity).findOne({
      where: { tenantId, companyId: companyId ?? IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Inserts a new row, or saves a changed one. */
  save(m: EntityManager, row: DeepPartial<SiteConfigEntity>): Promise<SiteConfigEntity> {
    const repo = m.getRepository(SiteConfigEntity);
    return repo.save(repo.create(row));
  }
}
