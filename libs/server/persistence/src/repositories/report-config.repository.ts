import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource, type DeepPartial, type EntityManager } from 'typeorm';
import { ReportConfigEntity } from '../entities';

type ReportConfigType = ReportConfigEntity['reportType'];

/** Report configurations: a tenant's own (companyId null) of each report type. */
@Injectable()
export class ReportConfigRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The tenant's own configuration of a report type; `lock` (in a transaction) holds it until the transaction ends. */
  tenantOwn(
    tenantId: number,
    reportType: ReportConfigType,
    m: EntityManager = this.ds.manager,
    lock = false,
  ): Promise<ReportConfigEntity | null> {
    return m.getRepository(ReportConfigEntity).findOne({
      where: { tenantId, companyId: IsNull(), reportType },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  /** A configuration of the tenant's own by id. */
  tenantOwnById(tenantId: number, id: number, m: EntityManager = this.ds.manager, lock = false): Promise<ReportConfigEntity | null> {
    return m.getRepository(ReportConfigEntity).findOne({
      where: { id, tenantId, companyId: IsNull() },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  /** Inserts a new configuration, or saves a changed one. */
  save(row: DeepPartial<ReportConfigEntity>, m: EntityManager = this.ds.manager): Promise<ReportConfigEntity> {
    const repo = m.getRepository(ReportConfigEntity);
    return repo.save(repo.create(row));
  }
}
