import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { BalanceOrderEntity, type LedgerKind, type LedgerReason } from '../entities';
import { preparedQuery } from '../prepared-query';
import { fetchPage, type PageRows } from '../query';

/** Whose balance: an account of a tenant. */
export interface BalanceOwner {
  tenantId: number;
  accountId: number;
}

/** One ledger row: every change of a package writes one. */
export interface LedgerEntry extends BalanceOwner {
  kind: LedgerKind;
  packageId: number;
  delta: number;
  balanceAfter: number;
  reason: LedgerReason;
  refType: string;
  refId: string;
  createdBy: number;
}

/** A package with counts left, as a charge, an allocation or a revoke locks it. */
export interface OpenPackage {
  id: number;
  kind: LedgerKind;
  cityCodes: string[];
  cityNames: string;
  remaining: number;
  effectiveDate: string;
  expireDate: string;
  orderId: number | null;
  orderNo: string | null;
  sourcePackageId: number | null;
}

/** A new package: counts credited to an account by an order or an allocation. */
export interface NewPackage extends BalanceOwner {
  kind: LedgerKind;
  cityCodes: string[];
  cityNames: string;
  granted: number;
  effectiveDate: string;
  expireDate: string;
  orderId: number | null;
  orderNo: string | null;
  sourcePackageId: number | null;
}

/** What an account can use on a day: counts left in its valid packages, and the cities they cover. */
export interface UsableCounts {
  accountId: number;
  cityCount: number;
  annuallyCount: number;
  universalCount: number;
  advisoryCount: number;
  inquiryCount: number;
  buyScope: string;
}

/** A difference between a stored count and the sum of its ledger rows. */
export interface LedgerDifference {
  packageId: number;
  accountId: number;
  kind: string;
  remaining: number;
  ledgerSum: number;
}

const OPEN_PACKAGE_COLUMNS = `id, kind, city_codes AS "cityCodes", city_names AS "cityNames", remaining,
  to_char(effective_date, 'YYYY-MM-DD') AS "effectiveDate", to_char(expire_date, 'YYYY-MM-DD') AS "expireDate",
  order_id AS "orderId", order_no AS "orderNo", source_package_id AS "sourcePackageId"`;

/** The usable counts of accounts: SQL over balance_package p, valid on $3. */
const USABLE_COUNTS_SQL = `
  SELECT p.account_id AS "accountId",
         coalesce(sum(p.remaining) FILTER (WHERE p.kind = 'city'), 0)::int AS "annuallyCount",
         coalesce(sum(p.remaining) FILTER (WHERE p.kind = 'universal'), 0)::int AS "universalCount",
         coalesce(sum(p.remaining) FILTER (WHERE p.kind = 'advisory'), 0)::int AS "advisoryCount",
         coalesce(sum(p.remaining) FILTER (WHERE p.kind = 'inquiry'), 0)::int AS "inquiryCount",
         coalesce((SELECT count(DISTINCT c.code) FROM balance_package q, unnest(q.city_codes) AS c(code)
                    WHERE q.account_id = p.account_id AND q.tenant_id = p.tenant_id AND q.kind = 'city' AND q.remaining > 0
                      AND q.effective_date <= $3 AND q.expire_date >= $3), 0)::int AS "cityCount",
         coalesce((SELECT string_agg(DISTINCT c.name, '、') FROM balance_package q, unnest(string_to_array(q.city_names, '、')) AS c(name)
                    WHERE q.account_id = p.account_id AND q.tenant_id = p.tenant_id AND q.kind = 'city' AND q.remaining > 0
                      AND q.effective_date <= $3 AND q.expire_date >= $3), '') AS "buyScope"
    FROM balance_package p
   WHERE p.tenant_id = $1 AND p.account_id = ANY($2::int[]) AND p.effective_date <= $3 AND p.expire_date >= $3
   GROUP BY p.account_id, p.tenant_id`;

/**
 * Balances: packages of counts per account and order, the append-only ledger of every change, and
 * the counts derived from them. Every statement that changes a package is conditional (it never
 * takes more than is left), and every change is written to the ledger in the same transaction.
 */
@Injectable()
export class BalanceRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Usable counts of accounts on a day (yyyy-MM-dd); accounts without packages get zeros. */
  async usableCounts(tenantId: number, accountIds: readonly number[], on: string): Promise<Map<number, UsableCounts>> {
    const result = new Map<number, UsableCounts>(accountIds.map((id) => [id, emptyCounts(id)]));
    if (!accountIds.length) return result;
    const rows: UsableCounts[] = await this.ds.query(USABLE_COUNTS_SQL, [tenantId, accountIds, on]);
    for (const r of rows) result.set(r.accountId, r);
    return result;
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

  /**
   * The service scope of an account on a day: the cities of its valuation packages valid that day
   * (city-annual ones, earliest bought first), and whether it holds a valid nationwide one.
   */
  async valuationScope(owner: BalanceOwner, on: string): Promise<{ cityCodes: string[]; nationwide: boolean }> {
    const rows: { kind: string; city_codes: string[] }[] = await this.ds.query(
      `SELECT kind, city_codes FROM balance_package
        WHERE account_id = $1 AND tenant_id = $2 AND kind IN ('city', 'universal') AND effective_date <= $3 AND expire_date >= $3
        ORDER BY id`,
      [owner.accountId, owner.tenantId, on],
    );
    const cityCodes = [...new Set(rows.filter((r) => r.kind === 'city').flatMap((r) => r.city_codes))];
    return { cityCodes, nationwide: rows.some((r) => r.kind === 'universal') };
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
   * The packages a batch may pay with on a day: city-annual packages covering one of the cities,
   * then nationwide packages; locked in id order (the one order every multi-package lock uses)
   * until the transaction ends, answered city packages first, each by earliest expiry.
   */
  async lockValuationPackages(m: EntityManager, owner: BalanceOwner, cityCodes: readonly string[], on: string): Promise<OpenPackage[]> {
    const rows: OpenPackage[] = await m.query(
      `SELECT ${OPEN_PACKAGE_COLUMNS} FROM balance_package
        WHERE account_id = $1 AND tenant_id = $2 AND remaining > 0 AND effective_date <= $4 AND expire_date >= $4
          AND (kind = 'universal' OR (kind = 'city' AND city_codes && $3::varchar[]))
        ORDER BY id FOR UPDATE`,
      [owner.accountId, owner.tenantId, cityCodes, on],
    );
    return rows.sort((a, b) => Number(b.kind === 'city') - Number(a.kind === 'city') || byExpiry(a, b));
  }

  /**
   * The packages of these kinds an account can hand on: counts left and usable on the day (what
   * its balance shows), locked in id order, answered earliest expiry first.
   */
  async lockAllocatable(m: EntityManager, owner: BalanceOwner, kinds: readonly LedgerKind[], on: string): Promise<OpenPackage[]> {
    if (!kinds.length) return [];
    const rows: OpenPackage[] = await m.query(
      `SELECT ${OPEN_PACKAGE_COLUMNS} FROM balance_package
        WHERE account_id = $1 AND tenant_id = $2 AND kind = ANY($3::varchar[]) AND remaining > 0 AND effective_date <= $4 AND expire_date >= $4
        ORDER BY id FOR UPDATE`,
      [owner.accountId, owner.tenantId, kinds, on],
    );
    return rows.sort(byExpiry);
  }

  /**
   * The allocated packages of an account with counts left (what a revoke gives back), in id order.
   * They and the packages they came from are locked together, in id order, first.
   */
  async lockRevocable(m: EntityManager, owner: BalanceOwner): Promise<OpenPackage[]> {
    const locked: { id: number }[] = await m.query(
      `SELECT id FROM balance_package
        WHERE id IN (SELECT id FROM balance_package WHERE account_id = $1 AND tenant_id = $2 AND source_package_id IS NOT NULL AND remaining > 0
                     UNION
                     SELECT source_package_id FROM balance_package WHERE account_id = $1 AND tenant_id = $2 AND source_package_id IS NOT NULL AND remaining > 0)
        ORDER BY id FOR UPDATE`,
      [owner.accountId, owner.tenantId],
    );
    return m.query(
      `SELECT ${OPEN_PACKAGE_COLUMNS} FROM balance_package
        WHERE id = ANY($3::int[]) AND account_id = $1 AND tenant_id = $2 AND source_package_id IS NOT NULL AND remaining > 0
        ORDER BY id`,
      [owner.accountId, owner.tenantId, locked.map((r) => r.id)],
    );
  }

  /** Accounts whose allocated, unused counts could be revoked. */
  async revocableAccounts(tenantId: number, accountIds: readonly number[]): Promise<Set<number>> {
    if (!accountIds.length) return new Set();
    const rows: { account_id: number }[] = await this.ds.query(
      `SELECT DISTINCT account_id FROM balance_package
        WHERE tenant_id = $1 AND account_id = ANY($2::int[]) AND source_package_id IS NOT NULL AND remaining > 0`,
      [tenantId, accountIds],
    );
    return new Set(rows.map((r) => r.account_id));
  }

  /** Takes `count` from a package when it holds that many; the counts left, or null when it does not. */
  async take(m: EntityManager, owner: BalanceOwner, packageId: number, count: number): Promise<number | null> {
    const rows = await preparedQuery<{ remaining: number }>(
      m,
      'balance-take',
      `UPDATE balance_package SET remaining = remaining - $1 WHERE id = $2 AND account_id = $3 AND remaining >= $1 RETURNING remaining`,
      [count, packageId, owner.accountId],
    );
    return rows.length ? rows[0].remaining : null;
  }

  /** Gives `count` back to a package of the account; the counts left after. */
  async give(m: EntityManager, owner: BalanceOwner, packageId: number, count: number): Promise<number> {
    const rows = await preparedQuery<{ remaining: number }>(
      m,
      'balance-give',
      `UPDATE balance_package SET remaining = remaining + $1 WHERE id = $2 AND account_id = $3 RETURNING remaining`,
      [count, packageId, owner.accountId],
    );
    if (!rows.length) throw new Error(`balance package ${packageId} of account ${owner.accountId} is gone`);
    return rows[0].remaining;
  }

  /** The account owning a package. */
  async packageOwner(m: EntityManager, packageId: number): Promise<BalanceOwner> {
    const [row]: { tenant_id: number; account_id: number }[] = await m.query(
      `SELECT tenant_id, account_id FROM balance_package WHERE id = $1`,
      [packageId],
    );
    if (!row) throw new Error(`balance package ${packageId} is gone`);
    return { tenantId: row.tenant_id, accountId: row.account_id };
  }

  /** Stores a package holding its granted counts; its id. */
  async insertPackage(m: EntityManager, p: NewPackage): Promise<number> {
    const rows: { id: number }[] = await m.query(
      `INSERT INTO balance_package (tenant_id, account_id, kind, city_codes, city_names, granted, remaining, effective_date, expire_date, order_id, order_no, source_package_id)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        p.tenantId,
        p.accountId,
        p.kind,
        p.cityCodes,
        p.cityNames,
        p.granted,
        p.effectiveDate,
        p.expireDate,
        p.orderId,
        p.orderNo,
        p.sourcePackageId,
      ],
    );
    return rows[0].id;
  }

  /** Writes a ledger row in the caller's transaction; its id. */
  async writeLedger(m: EntityManager, e: LedgerEntry): Promise<string> {
    const rows = await preparedQuery<{ id: string }>(
      m,
      'balance-ledger',
      `INSERT INTO balance_ledger (tenant_id, account_id, kind, package_id, delta, balance_after, reason, ref_type, ref_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [e.tenantId, e.accountId, e.kind, e.packageId, e.delta, e.balanceAfter, e.reason, e.refType, e.refId, e.createdBy],
    );
    return String(rows[0].id);
  }

  /**
   * Every package whose counts left differ from the sum of its ledger rows, every ledger row whose
   * package is another account's, and every negative count: empty when the books hold.
   */
  async differences(): Promise<LedgerDifference[]> {
    return this.ds.query(
      `SELECT p.id AS "packageId", p.account_id AS "accountId", p.kind, p.remaining, coalesce(l.total, 0)::int AS "ledgerSum"
         FROM balance_package p
         LEFT JOIN (SELECT package_id, sum(delta) AS total FROM balance_ledger GROUP BY package_id) l ON l.package_id = p.id
        WHERE p.remaining <> coalesce(l.total, 0) OR p.remaining < 0
       UNION ALL
       SELECT l.package_id, l.account_id, l.kind, -1, l.delta
         FROM balance_ledger l LEFT JOIN balance_package p ON p.id = l.package_id
        WHERE p.id IS NULL OR p.account_id <> l.account_id OR p.kind <> l.kind
        ORDER BY 1`,
    );
  }

  /** Numbers of packages and ledger rows checked. */
  async bookSize(): Promise<{ packages: number; ledgerRows: number; accounts: number }> {
    const [row]: { packages: number; ledger_rows: number; accounts: number }[] = await this.ds.query(
      `SELECT (SELECT count(*) FROM balance_package)::int AS packages, (SELECT count(*) FROM balance_ledger)::int AS ledger_rows,
              (SELECT count(DISTINCT account_id) FROM balance_package)::int AS accounts`,
    );
    return { packages: row.packages, ledgerRows: row.ledger_rows, accounts: row.accounts };
  }
}

function emptyCounts(accountId: number): UsableCounts {
  return { accountId, cityCount: 0, annuallyCount: 0, universalCount: 0, advisoryCount: 0, inquiryCount: 0, buyScope: '' };
}

const byExpiry = (a: OpenPackage, b: OpenPackage): number => a.expireDate.localeCompare(b.expireDate) || a.id - b.id;
