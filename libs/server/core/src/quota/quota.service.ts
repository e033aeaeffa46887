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
 * What a charge pays for, written in the charge's transaction (the valuation record): it gets the
 * transaction and the charge, and answers the id of the row it wrote.
 */
export type ChargedWrite = (tx: EntityManager, charge: Charge) => Promise<string>;

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
 * ($5 ref type, $6 ref id, $7 author); $1 account, $2 tenant.
 */
export function consumeStatement(match: string, order: string): string {
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
 )
 SELECT id, kind, package_id FROM charged`;
}

@Injectable()
export class QuotaService {
  constructor(private readonly balances: BalanceRepository) {}

  /**
   * One valuation in a city: a valid city-annual package covering the city (earliest expiry
   * first), else a valid nationwide package (earliest expiry first). One statement takes the count
   * (a conditional update, so concurrent charges never overdraw) and writes the ledger row; then
   * `write`, when given, stores what the charge pays for. Charge and write commit together: with a
   * write and no transaction open on `m`, one is opened for them; a write that fails rolls the
   * charge back, and a refused charge never writes.
   */
  async consumeValuation(m: EntityManager, cityCode: string, ref: ChargeRef, write?: ChargedWrite): Promise<ValuationCharge> {
    if (write && !m.queryRunner?.isTransactionActive) return m.transaction((tx) => this.consumeValuation(tx, cityCode, ref, write));
    const charge = await this.consume(m, 'consume-valuation', VALUATION_PACKAGE_MATCH, VALUATION_PACKAGE_ORDER, cityCode, ref);
    if (!charge) throw new QuotaExhaustedError('valuation');
    return { ...charge, writtenId: write ? await write(m, charge) : null };
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
    const rows = await preparedQuery<{ id: string; kind: LedgerKind; package_id: number }>(m, name, consumeStatement(match, order), [
      ref.accountId,
      ref.tenantId,
      matchValue,
      businessToday(),
      ref.refType,
      ref.refId,
      ref.createdBy ?? ref.accountId,
    ]);
    return rows.length ? { kind: rows[0].kind, packageId: rows[0].package_id, ledgerId: String(rows[0].id) } : null;
  }
}
