import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { OperationLogEntity } from '../entities';
import { fetchPage, whereContains, type PageRows } from '../query';

/** One administrative change as the log keeps it. */
export type OperationLogWrite = Pick<
  OperationLogEntity,
  | 'tenantId'
  | 'population'
  | 'actorId'
  | 'actorLogin'
  | 'actorName'
  | 'action'
  | 'detail'
  | 'ip'
  | 'companyId'
  | 'targetType'
  | 'targetId'
  | 'changes'
>;

export interface OperationLogQuery extends PageRequest {
  /** Rows operated at or after this moment. */
  from: Date | null;
  /** Rows operated before this moment. */
  until: Date | null;
  loginUser?: string;
  userName?: string;
}

/** The operation log: who changed what, when, with the fields before and after. */
@Injectable()
export class OperationLogRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Writes one row in the transaction of the change it describes. */
  async write(m: EntityManager, row: OperationLogWrite): Promise<void> {
    await m.getRepository(OperationLogEntity).insert({ ...row, operateTime: new Date(), eventKey: randomUUID() });
  }

  /** The tenant's rows, newest first, filtered by the operator's login and name (contained, any case). */
  page(tenantId: number, q: OperationLogQuery): Promise<PageRows<OperationLogEntity>> {
    const qb = this.ds.getRepository(OperationLogEntity).createQueryBuilder('l').where('l.tenantId = :tenantId', { tenantId });
    if (q.from) qb.andWhere('l.operateTime >= :from', { from: q.from });
    if (q.until) qb.andWhere('l.operateTime < :until', { until: q.until });
    whereContains(qb, 'l', 'login', ['actorLogin'], q.loginUser);
    whereContains(qb, 'l', 'name', ['actorName'], q.userName);
    return fetchPage(qb.orderBy('l.operateTime', 'DESC').addOrderBy('l.id', 'DESC'), q);
  }
}
