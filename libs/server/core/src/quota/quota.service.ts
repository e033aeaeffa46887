import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { businessToday } from '@valuation/domain';
import { BalanceRepository, preparedQuery, type LedgerKind } from '@valuation/persistence';

export class QuotaExhaustedError extends Error {
  constructor(readonly kind: 'valuation' | 'advisory' | 'inquiry') {
    super(
      kind === 'valuation'
        ? '估价次数不足，请联系管理员分配次数'
        : kind === 'advisory'
          ? '咨询报告份数不足，请联系管理员分配'
          : '询价报告份数不足，请联系管理员分配',
    );
    this.name = 'QuotaExhaustedError';
  }
}

export interface Charge {
  kind: LedgerKind;
  /** The package that paid. */
  packageId: number;
  ledgerId: string;
}

/** A valuation charge, and the id of what its write stored (null without a write). */
export interface ValuationCharge extends Charge {
  writtenId: string | null;
}

/**
 * What a charge pays for (the valuation record), inserted by the charge's own statement: one
 * statement commits both or neither, and the rows it locks (the package, the statistics of the
 * day) are released by its commit instead of waiting for this process to send the next statement.
 * The statement runs `INSERT INTO table sql WHERE <the count was taken> RETURNING id`: `sql` is a
 * column list and a SELECT without a WHERE clause, its parameters numbered from $8; `name` names
 * the prepared statement, one per text.
 */
export interface ChargedInsert {
  name: string;
  table: string;
  sql: string;
  params: unknown[];
}

export interface ChargeRef {
  tenantId: number;
  accountId: number;
  /** What is paid for: rapid, batch, advisory, inquiry... */
  refType: string;
  refId: string;
  createdBy?: number | null;
}

/**
 * Atomic consumption of balances. Every change writes a ledger row in the caller's transaction;
 * conditional updates (remaining > 0) mean concurrent requests can never overdraw.
 */
/** The package match and order of a valuation count: a package of the city before a universal one. */
export const VALUATION_PACKAGE_MATCH = `((kind = 'city' AND $3::varchar = ANY(city_codes)) OR kind = 'universal')`;
export const VALUATION_PACKAGE_ORDER = `(kind = 'city') DESC, `;

/**
 * The statement that takes one count from the first valid package matching `match` (with $3 the
 * matched value, $4 the business date), in `order` then earliest expiry, and writes its ledger row
 * ($5 ref type, $6 ref id, $7 author); $1 account, $2 tenant. With `write`, the same statement
 * inserts what the count pays for and answers its id as written_id.
 */
export function consumeStatement(match: string, order: string, write?: Pick<ChargedInsert, 'table' | 'sql'>): string {
  return `WITH pkg AS (
   SELECT id FROM balance_package
    WHERE account_id = $1 AND tenant_id = $2 AND remaining > 0 AND effective_date <= $4 AND expire_date >= $4 AND ${match}
    ORDER BY ${order}expire_date, id LIMIT 1 FOR UPDATE
 ), taken AS (
   UPDATE balance_package SET remaining = remaining - 1
    WHERE id = (SELECT id FROM pkg) AND remaining > 0
    RETURNING id, kind, remaining
 ), charged AS (
   INSERT INTO balance_ledger (tenant_id, account_id, kind, package_id, delta, balance_after, reason, ref_type, ref_id, created_by)
   SELECT $2::int, $1::int, kind, id, -1, remaining, 'consume', $5::varchar, $6::varchar, $7::int FROM taken
   RETURNING id, kind, package_id
 )${
   write
     ? `, written AS (
   INSERT INTO ${write.table} ${write.sql} WHERE EXISTS (SELECT 1 FROM charged) RETURNING id
 )
 SELECT id, kind, package_id, (SELECT id::text FROM written) AS written_id FROM charged`
     : `
 SELECT id, kind, package_id FROM charged`
 }`;
}

@Injectable()
export class QuotaService {
  constructor(private readonly balances: BalanceRepository) {}

  /**
   * One valuation in a city: a valid city-annual package covering the city (earliest expiry
   * first), else a valid nationwide package (earliest expiry first). One statement takes the count
   * (a conditional update, so concurrent charges never overdraw), writes the ledger row and, when
   * `write` is given, inserts what the charge pays for: an insert that fails fails the charge, and
   * a refused charge inserts nothing.
   */
  async consumeValuation(m: EntityManager, cityCode: string, ref: ChargeRef, write?: ChargedInsert): Promise<ValuationCharge> {
    const rows = await preparedQuery<ChargeRow & { written_id?: string | null }>(
      m,
      write ? `consume-valuation-${write.name}` : 'consume-valuation',
      consumeStatement(VALUATION_PACKAGE_MATCH, VALUATION_PACKAGE_ORDER, write),
      [...chargeParams(cityCode, ref), ...(write?.params ?? [])],
    );
    if (!rows.length) throw new QuotaExhaustedError('valuation');
    const [row] = rows;
    return { kind: row.kind, packageId: row.package_id, ledgerId: String(row.id), writtenId: row.written_id ?? null };
  }

  /** One report copy (advisory or inquiry), from the valid package of that kind expiring first. */
  async consumeReport(m: EntityManager, kind: 'advisory' | 'inquiry', ref: ChargeRef): Promise<Charge> {
    const charge = await this.consume(m, `consume-${kind}`, `kind = $3::varchar`, '', kind, ref);
    if (!charge) throw new QuotaExhaustedError(kind);
    return charge;
  }

  /** Gives back what a charge took, to the package that paid, with a compensating ledger row. */
  async refund(m: EntityManager, charge: Charge, ref: ChargeRef): Promise<void> {
    const after = await this.balances.give(m, ref, charge.packageId, 1);
    await this.balances.writeLedger(m, {
      tenantId: ref.tenantId,
      accountId: ref.accountId,
      kind: charge.kind,
      packageId: charge.packageId,
      delta: 1,
      balanceAfter: after,
      reason: 'refund',
      refType: ref.refType,
      refId: ref.refId,
      createdBy: ref.createdBy ?? ref.accountId,
    });
  }

  /**
   * Takes one count from the first valid package matching `match` (with $3 = `matchValue`), in
   * `order` then earliest expiry, and writes its ledger row, in one statement. The package is locked
   * while it is chosen; a package emptied meanwhile is skipped for the next one.
   */
  private async consume(
    m: EntityManager,
    name: string,
    match: string,
    order: string,
    matchValue: string,
    ref: ChargeRef,
  ): Promise<Charge | null> {
    const rows = await preparedQuery<ChargeRow>(m, name, consumeStatement(match, order), chargeParams(matchValue, ref));
    return rows.length ? { kind: rows[0].kind, packageId: rows[0].package_id, ledgerId: String(rows[0].id) } : null;
  }
}

interface ChargeRow {
  id: string;
  kind: LedgerKind;
  package_id: number;
}

/** $1 to $7 of the consume statement. */
function chargeParams(matchValue: string, ref: ChargeRef): unknown[] {
  return [ref.accountId, ref.tenantId, matchValue, businessToday(), ref.refType, ref.refId, ref.createdBy ?? ref.accountId];
}
