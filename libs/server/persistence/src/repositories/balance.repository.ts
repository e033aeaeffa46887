import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { AccountBalanceEntity, BalanceOrderEntity, type LedgerKind, type LedgerReason } from '../entities';
import { preparedQuery } from '../prepared-query';
import { fetchPage, type PageRows } from '../query';

/** Whose balance: an account of a tenant. */
export interface BalanceOwner {
  tenantId: number;
  accountId: number;
}

/** One ledger row: every change of a balance writes one. */
export interface LedgerEntry extends BalanceOwner {
  kind: LedgerKind;
  cityPackageId: number | null;
  delta: number;
  balanceAfter: number;
  reason: LedgerReason;
  refType: string;
  refId: string;
  createdBy: number;
}

/** A city-annual package with counts left. */
export interface OpenCityPackage {
  id: number;
  cityCode: string;
  remaining: number;
}

/** An account's balances (nationwide, report copies, city-annual packages), its ledger and its orders. */
@Injectable()
export class BalanceRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The account's counts, or null when it never held any. */
  counts(owner: BalanceOwner): Promise<AccountBalanceEntity | null> {
    return this.ds.getRepository(AccountBalanceEntity).findOneBy({ accountId: owner.accountId, tenantId: owner.tenantId });
  }

  /** The packages valid on a day (yyyy-MM-dd): how many cities, the counts left and the city names. */
  async validCityPackages(owner: BalanceOwner, on: string): Promise<{ cityCount: number; remaining: number; cityNames: string }> {
    const [row]: { city_count: number; remaining: number; scope: string }[] = await this.ds.query(
      `SELECT count(DISTINCT city_code)::int AS city_count, coalesce(sum(remaining), 0)::int AS remaining,
              coalesce(string_agg(DISTINCT city_name, '、'), '') AS scope
         FROM city_package
        WHERE account_id = $1 AND tenant_id = $2 AND effective_date <= $3 AND expire_date >= $3`,
      [owner.accountId, owner.tenantId, on],
    );
    return { cityCount: row.city_count, remaining: row.remaining, cityNames: row.scope };
  }

  /** Per kind of use (ref type): the counts used (consumed less refunded) and the number of distinct uses. */
  async usage(owner: BalanceOwner): Promise<Map<string, { uses: number; refs: number }>> {
    const rows: { ref_type: string; uses: number; refs: number }[] = await this.ds.query(
      `SELECT ref_type, (-sum(delta))::int AS uses, count(DISTINCT ref_id)::int AS refs
         FROM balance_ledger
        WHERE account_id = $1 AND tenant_id = $2 AND reason IN ('consume', 'refund') AND ref_type IS NOT NULL
        GROUP BY ref_type`,
      [owner.accountId, owner.tenantId],
    );
    return new Map(rows.map((r) => [r.ref_type, { uses: r.uses, refs: r.refs }]));
  }

  /** The account's orders, newest first. */
  orders(owner: BalanceOwner, page: PageRequest): Promise<PageRows<BalanceOrderEntity>> {
    const qb = this.ds
      .getRepository(BalanceOrderEntity)
      .createQueryBuilder('o')
      .where('o.accountId = :accountId AND o.tenantId = :tenantId', owner)
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC');
    return fetchPage(qb, page);
  }

  /**
   * The packages of these cities valid on a day with counts left, earliest expiry first, locked
   * until the transaction ends (packages before the balance row, as every charge locks them).
   */
  lockCityPackages(m: EntityManager, owner: BalanceOwner, cityCodes: readonly string[], on: string): Promise<OpenCityPackage[]> {
    if (!cityCodes.length) return Promise.resolve([]);
    return m.query(
      `SELECT id, city_code AS "cityCode", remaining FROM city_package
        WHERE account_id = $1 AND tenant_id = $2 AND city_code = ANY($3::varchar[]) AND remaining > 0
          AND effective_date <= $4 AND expire_date >= $4
        ORDER BY expire_date, id FOR UPDATE`,
      [owner.accountId, owner.tenantId, cityCodes, on],
    );
  }

  /** The nationwide counts, the balance row locked until the transaction ends; 0 without a row. */
  async lockUniversalCount(m: EntityManager, owner: BalanceOwner): Promise<number> {
    const rows: { universal_count: number }[] = await m.query(
      `SELECT universal_count FROM account_balance WHERE account_id = $1 AND tenant_id = $2 FOR UPDATE`,
      [owner.accountId, owner.tenantId],
    );
    return rows[0]?.universal_count ?? 0;
  }

  /** Takes `count` from a package when it holds that many; the counts left, or null when it does not. */
  async takeFromCityPackage(m: EntityManager, owner: BalanceOwner, cityPackageId: number, count: number): Promise<number | null> {
    const rows = await preparedQuery<{ remaining: number }>(
      m,
      'batch-reserve-city',
      `UPDATE city_package SET remaining = remaining - $1 WHERE id = $2 AND account_id = $3 AND remaining >= $1 RETURNING remaining`,
      [count, cityPackageId, owner.accountId],
    );
    return rows.length ? rows[0].remaining : null;
  }

  /** Takes `count` nationwide counts when the account holds that many; the counts left, or null when it does not. */
  async takeUniversal(m: EntityManager, owner: BalanceOwner, count: number): Promise<number | null> {
    const rows = await preparedQuery<{ universal_count: number }>(
      m,
      'batch-reserve-universal',
      `UPDATE account_balance SET universal_count = universal_count - $1, updated_at = now()
        WHERE account_id = $2 AND tenant_id = $3 AND universal_count >= $1 RETURNING universal_count`,
      [count, owner.accountId, owner.tenantId],
    );
    return rows.length ? rows[0].universal_count : null;
  }

  /** Writes a ledger row in the caller's transaction; its id. */
  async writeLedger(m: EntityManager, e: LedgerEntry): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO balance_ledger (tenant_id, account_id, kind, city_package_id, delta, balance_after, reason, ref_type, ref_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [e.tenantId, e.accountId, e.kind, e.cityPackageId, e.delta, e.balanceAfter, e.reason, e.refType, e.refId, e.createdBy],
    );
    return String(rows[0].id);
  }
}
