import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { TenantEntity } from '../entities';

@Injectable()
export class TenantRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  findById(id: number): Promise<TenantEntity | null> {
    return this.ds.getRepository(TenantEntity).findOneBy({ id });
  }

  findForChange(m: EntityManager, id: number): Promise<TenantEntity | null> {
    return m.getRepository(TenantEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The channel's valuation methods (comma list) and confidence class. */
  async setEvalMethods(m: EntityManager, id: number, evalFlags: string, evalClass: string | null): Promise<void> {
    await m.getRepository(TenantEntity).update({ id }, { evalFlags, evalClass });
  }

  findByCode(code: string): Promise<TenantEntity | null> {
    return this.ds.getRepository(TenantEntity).findOneBy({ code });
  }
}
