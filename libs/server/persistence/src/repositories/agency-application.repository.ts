import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { AgencyApplicationEntity, AgencyApplicationHistoryEntity } from '../entities';
import {
  fetchBatches,
  fetchPage,
  inDataRange,
  whereContains,
  whereCreated,
  type CreatedWithin,
  type DataScope,
  type PageRows,
} from '../query';

/** The filters of the institution valuation lists. */
export interface AgencyApplicationFilter extends CreatedWithin {
  cityName?: string;
  haName?: string;
  /** Certificate address or location. */
  address?: string;
  reportType?: number;
  state?: number;
}

/** Institution valuation applications: the channel reads its tenant's (range tenant), a customer its data range's. */
@Injectable()
export class AgencyApplicationRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private scoped(scope: DataScope, m: EntityManager = this.ds.manager): SelectQueryBuilder<AgencyApplicationEntity> {
    return inDataRange(m.getRepository(AgencyApplicationEntity).createQueryBuilder('a'), 'a', scope);
  }

  private filtered(scope: DataScope, f: AgencyApplicationFilter): SelectQueryBuilder<AgencyApplicationEntity> {
    const qb = this.scoped(scope);
    whereContains(qb, 'a', 'cityName', ['cityName'], f.cityName, { caseSensitive: true });
    whereContains(qb, 'a', 'haName', ['haName'], f.haName);
    whereContains(qb, 'a', 'address', ['cardAddress', 'location'], f.address);
    whereCreated(qb, 'a', f);
    if (f.reportType !== undefined) qb.andWhere('a.reportType = :reportType', { reportType: f.reportType });
    if (f.state) qb.andWhere('a.state = :state', { state: f.state });
    return qb.orderBy('a.createdAt', 'DESC').addOrderBy('a.id', 'DESC');
  }

  page(scope: DataScope, filter: AgencyApplicationFilter, page: PageRequest): Promise<PageRows<AgencyApplicationEntity>> {
    return fetchPage(this.filtered(scope, filter), page);
  }

  batches(scope: DataScope, filter: AgencyApplicationFilter, limit: number): AsyncGenerator<AgencyApplicationEntity[]> {
    return fetchBatches(this.filtered(scope, filter), limit);
  }

  /** An application of the scope; `lock` (in the transaction `m`) holds its row until the transaction ends. */
  findInRange(scope: DataScope, id: number, m?: EntityManager, lock = false): Promise<AgencyApplicationEntity | null> {
    const qb = this.scoped(scope, m).andWhere('a.id = :id', { id });
    return (lock ? qb.setLock('pessimistic_write') : qb).getOne();
  }

  /** The history of an application, oldest first. */
  history(applicationId: string): Promise<AgencyApplicationHistoryEntity[]> {
    return this.ds.getRepository(AgencyApplicationHistoryEntity).find({ where: { applicationId }, order: { id: 'ASC' } });
  }
}
