import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { EvalFieldSettingEntity } from '../entities';

/** Settings of the valuation form's fields: a tenant's (companyId null) and its customer companies'. */
@Injectable()
export class EvalFieldSettingRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The tenant's settings and, with a company, the company's. */
  forCompany(tenantId: number, companyId: number | null): Promise<EvalFieldSettingEntity[]> {
    const tenant = { tenantId, companyId: IsNull() };
    return this.ds.getRepository(EvalFieldSettingEntity).find({ where: companyId === null ? [tenant] : [tenant, { tenantId, companyId }] });
  }

  /** The settings one owner (the tenant with companyId null, or a company) holds, locked for a change. */
  ownedForChange(m: EntityManager, tenantId: number, companyId: number | null): Promise<EvalFieldSettingEntity[]> {
    return m.getRepository(EvalFieldSettingEntity).find({
      where: { tenantId, companyId: companyId === null ? IsNull() : companyId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  save(m: EntityManager, rows: EvalFieldSettingEntity[]): Promise<EvalFieldSettingEntity[]> {
    const repo = m.getRepository(EvalFieldSettingEntity);
    return repo.save(rows.map((r) => repo.create(r)));
  }
}
