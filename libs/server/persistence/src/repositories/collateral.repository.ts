import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { pageOffset, type PageRequest } from '@valuation/contracts';
import type { DriftRule } from '@valuation/domain';
import { DriftAlertEntity, DriftRuleEntity, RevalItemEntity, RevalRunEntity } from '../entities';
import { inDataRange, type DataScope, type PageRows } from '../query';
import type { AssetOwner } from './asset-type.repository';

/** An item of a run with the kinds of the alerts it raised. */
export interface RevalItemListed {
  item: RevalItemEntity;
  alerts: string[];
}

export interface DriftAlertFilterQuery {
  kind?: string;
  runId?: number;
  loanNo?: string;
}

/** An alert with what the list shows of its item. */
export interface DriftAlertListed {
  alert: DriftAlertEntity;
  cityCode: string;
  haName: string | null;
  loanNo: string | null;
  loanAmount: string | null;
  totalPrice: string | null;
}

/**
 * Revaluation runs, their items and alerts, and the drift rules of customer companies. Runs are
 * the company's; items and alerts are read within the caller's records data range (by the asset's
 * organisation and account).
 */
@Injectable()
export class CollateralRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async runsPage(owner: AssetOwner, state: number | undefined, page: PageRequest): Promise<PageRows<RevalRunEntity>> {
    const qb = this.ds
      .getRepository(RevalRunEntity)
      .createQueryBuilder('r')
      .where('r.tenantId = :tenantId AND r.companyId = :companyId', owner);
    if (state) qb.andWhere('r.state = :state', { state });
    const [rows, total] = await qb.orderBy('r.id', 'DESC').offset(pageOffset(page)).limit(page.pageSize).getManyAndCount();
    return { rows, total };
  }

  findRun(owner: AssetOwner, id: number): Promise<RevalRunEntity | null> {
    return this.ds.getRepository(RevalRunEntity).findOneBy({ id: String(id), tenantId: owner.tenantId, companyId: owner.companyId });
  }

  /** The value of the run's valued assets that carry a loan, in yuan. */
  async securedValue(runId: string): Promise<number> {
    const [row]: { v: string | null }[] = await this.ds.query(
      `SELECT sum(total_price) AS v FROM reval_item WHERE run_id = $1 AND state = 1 AND loan_amount IS NOT NULL`,
      [runId],
    );
    return Number(row?.v ?? 0);
  }

  async itemsPage(scope: DataScope, runId: number, state: number | undefined, page: PageRequest): Promise<PageRows<RevalItemListed>> {
    const qb = inDataRange(this.ds.getRepository(RevalItemEntity).createQueryBuilder('i'), 'i', scope).andWhere('i.runId = :runId', {
      runId: String(runId),
    });
    if (state !== undefined) qb.andWhere('i.state = :state', { state });
    const [rows, total] = await qb.orderBy('i.id', 'ASC').offset(pageOffset(page)).limit(page.pageSize).getManyAndCount();
    if (rows.length === 0) return { rows: [], total };
    const kinds: { assetId: number; kinds: string[] }[] = await this.ds.query(
      `SELECT asset_id AS "assetId", array_agg(kind ORDER BY id) AS kinds FROM drift_alert WHERE run_id = $1 AND asset_id = ANY($2) GROUP BY asset_id`,
      [String(runId), rows.map((r) => r.assetId)],
    );
    const byAsset = new Map(kinds.map((k) => [k.assetId, k.kinds]));
    return { rows: rows.map((item) => ({ item, alerts: byAsset.get(item.assetId) ?? [] })), total };
  }

  private alerts(scope: DataScope, f: DriftAlertFilterQuery): SelectQueryBuilder<DriftAlertEntity> {
    const qb = inDataRange(this.ds.getRepository(DriftAlertEntity).createQueryBuilder('al'), 'al', scope).innerJoin(
      RevalItemEntity,
      'i',
      'i.runId = al.runId AND i.assetId = al.assetId',
    );
    if (f.kind) qb.andWhere('al.kind = :kind', { kind: f.kind });
    if (f.runId) qb.andWhere('al.runId = :runId', { runId: String(f.runId) });
    if (f.loanNo) qb.andWhere('i.loanNo = :loanNo', { loanNo: f.loanNo });
    return qb;
  }

  private async listedAlerts(qb: SelectQueryBuilder<DriftAlertEntity>): Promise<DriftAlertListed[]> {
    const { entities, raw } = await qb
      .addSelect(['i.cityCode', 'i.haName', 'i.loanNo', 'i.loanAmount', 'i.totalPrice'])
      .orderBy('al.id', 'DESC')
      .getRawAndEntities();
    const extra = new Map(raw.map((r: Record<string, string | null>) => [String(r.al_id), r]));
    return entities.map((alert) => {
      const r = extra.get(String(alert.id)) ?? {};
      return {
        alert,
        cityCode: String(r.i_city_code ?? ''),
        haName: r.i_ha_name ?? null,
        loanNo: r.i_loan_no ?? null,
        loanAmount: r.i_loan_amount ?? null,
        totalPrice: r.i_total_price ?? null,
      };
    });
  }

  async alertsPage(scope: DataScope, f: DriftAlertFilterQuery, page: PageRequest): Promise<PageRows<DriftAlertListed>> {
    const qb = this.alerts(scope, f);
    const [total, rows] = await Promise.all([
      qb.clone().getCount(),
      this.listedAlerts(qb.clone().offset(pageOffset(page)).limit(page.pageSize)),
    ]);
    return { rows, total };
  }

  /** The newest `limit` filtered alerts, in batches. */
  async *alertBatches(scope: DataScope, f: DriftAlertFilterQuery, limit: number, batchSize = 500): AsyncGenerator<DriftAlertListed[]> {
    for (let offset = 0; offset < limit; offset += batchSize) {
      const rows = await this.listedAlerts(
        this.alerts(scope, f)
          .offset(offset)
          .limit(Math.min(batchSize, limit - offset)),
      );
      if (rows.length) yield rows;
      if (rows.length < batchSize) return;
    }
  }

  /** Alerts of the scope that nobody of the company has marked read. */
  unreadAlertCount(scope: DataScope): Promise<number> {
    return inDataRange(this.ds.getRepository(DriftAlertEntity).createQueryBuilder('al'), 'al', scope)
      .andWhere('al.readAt IS NULL')
      .getCount();
  }

  /** Marks the unread alerts of the scope read (those of `ids`, or every one); answers how many it marked. */
  async markAlertsRead(m: EntityManager, scope: DataScope, ids: readonly string[] | 'all', accountId: number): Promise<number> {
    const unread = inDataRange(m.getRepository(DriftAlertEntity).createQueryBuilder('al').select('al.id'), 'al', scope).andWhere(
      'al.readAt IS NULL',
    );
    if (ids !== 'all') unread.andWhere('al.id IN (:...readIds)', { readIds: ids });
    const result = await m
      .createQueryBuilder()
      .update(DriftAlertEntity)
      .set({ readAt: () => 'now()', readBy: accountId })
      .where(`id IN (${unread.getQuery()})`)
      .setParameters(unread.getParameters())
      .execute();
    return result.affected ?? 0;
  }

  findRule(m: EntityManager, owner: AssetOwner): Promise<DriftRuleEntity | null> {
    return m.getRepository(DriftRuleEntity).findOne({ where: owner, lock: { mode: 'pessimistic_write' } });
  }

  async saveRule(m: EntityManager, owner: AssetOwner, rule: DriftRule, updatedBy: number): Promise<void> {
    await m.getRepository(DriftRuleEntity).upsert({ ...owner, ...rule, updatedBy }, ['tenantId', 'companyId']);
  }

  /** What the schedule counts from: when the company's last run started or, before the first, when its first asset was added; null without assets or runs. */
  async scheduleBase(owner: AssetOwner): Promise<Date | null> {
    const [row]: { at: Date | null }[] = await this.ds.query(
      `SELECT coalesce((SELECT max(created_at) FROM reval_run WHERE tenant_id = $1 AND company_id = $2),
                       (SELECT min(created_at) FROM asset WHERE tenant_id = $1 AND company_id = $2)) AS at`,
      [owner.tenantId, owner.companyId],
    );
    return row?.at ?? null;
  }
}
