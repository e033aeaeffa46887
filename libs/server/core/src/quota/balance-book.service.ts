import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ALLOCATION_KIND_LABELS,
  ALLOCATION_KINDS,
  AllocationAction,
  allocationShortMessage,
  balanceKindOf,
  BUY_MODE_NAMES,
  businessToday,
  LEDGER_KIND_OF,
  orderStateOn,
  productName,
  BalanceMsg,
  type AllocationCounts,
  type AllocationKind,
  type BuyMode,
} from '@valuation/domain';
import { BalanceOrderRepository, BalanceRepository, type LedgerKind, type OpenPackage } from '@valuation/persistence';

/** Why a balance change was refused; its message is the one the user reads. */
export class BalanceRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BalanceRefusedError';
  }
}

/** An order a channel places for a customer account. */
export interface PlaceOrder {
  tenantId: number;
  accountId: number;
  companyId: number;
  productCode: string;
  buyModeCode: BuyMode;
  /** Cities of a city-annual order (codes and names in the same order); empty otherwise. */
  cities: readonly { code: string; name: string }[];
  count: number;
  orderPrice: string;
  effectiveDate: string;
  expireDate: string;
  remark: string | null;
  orderFrom: number;
  /** The channel staff account that added it; null for the seed. */
  createdBy: number | null;
}

export interface PlacedOrder {
  id: number;
  orderNo: string;
  packageId: number;
  state: number;
}

/** Who moves counts between two accounts of one company. */
export interface AllocationParties {
  tenantId: number;
  companyId: number;
  /** The administrator: allocates from its own packages. */
  actorId: number;
  accountId: number;
}

export interface AllocationResult {
  allocNo: string;
  counts: AllocationCounts;
}

const zeroCounts = (): AllocationCounts => ({ annually: 0, universal: 0, advisory: 0, inquiry: 0 });

const ALLOCATION_KIND_OF: Readonly<Record<LedgerKind, AllocationKind>> = {
  city: 'annually',
  universal: 'universal',
  advisory: 'advisory',
  inquiry: 'inquiry',
};

/**
 * The books of balances: orders credit a package, allocations move counts from an
 * administrator's packages into new packages of an account (keeping the order, the cities and the
 * dates), revokes give an account's unused allocated counts back to the packages they came from.
 * Each runs in the caller's transaction and writes a ledger row for every package it changes.
 */
@Injectable()
export class BalanceBookService {
  constructor(
    private readonly balances: BalanceRepository,
    private readonly orders: BalanceOrderRepository,
  ) {}

  async placeOrder(m: EntityManager, o: PlaceOrder): Promise<PlacedOrder> {
    const today = businessToday();
    const name = productName(o.productCode);
    if (!name) throw new BalanceRefusedError(BalanceMsg.productRequired);
    const kind = balanceKindOf(o.productCode, o.buyModeCode);
    const valuation = kind === 'city' || kind === 'universal';
    const cityNames = o.cities.map((c) => c.name).join('、');
    const state = orderStateOn(o.effectiveDate, o.expireDate, today);
    const order = await this.orders.insertOrder(
      m,
      {
        tenantId: o.tenantId,
        accountId: o.accountId,
        companyId: o.companyId,
        productCode: o.productCode,
        productName: name,
        buyModeCode: o.buyModeCode,
        buyModeName: BUY_MODE_NAMES[o.buyModeCode],
        buyScope: cityNames,
        evalCount: valuation ? o.count : 0,
        reportCount: valuation ? 0 : o.count,
        orderPrice: o.orderPrice,
        effectiveDate: o.effectiveDate,
        expireDate: o.expireDate,
        orderFrom: o.orderFrom,
        remark: o.remark,
        state,
        createdBy: o.createdBy,
      },
      today,
    );
    const owner = { tenantId: o.tenantId, accountId: o.accountId };
    const packageId = await this.balances.insertPackage(m, {
      ...owner,
      kind,
      cityCodes: o.cities.map((c) => c.code),
      cityNames,
      granted: o.count,
      effectiveDate: o.effectiveDate,
      expireDate: o.expireDate,
      orderId: order.id,
      orderNo: order.orderNo,
      sourcePackageId: null,
    });
    await this.balances.writeLedger(m, {
      ...owner,
      kind,
      packageId,
      delta: o.count,
      balanceAfter: o.count,
      reason: 'order',
      refType: 'order',
      refId: order.orderNo,
      createdBy: o.createdBy ?? o.accountId,
    });
    return { ...order, packageId, state };
  }

  /**
   * Moves counts from the administrator's usable packages (earliest expiry first) to the
   * account. Refused, writing nothing, when the administrator holds fewer of a kind than asked.
   */
  async allocate(m: EntityManager, parties: AllocationParties, counts: AllocationCounts): Promise<AllocationResult> {
    const today = businessToday();
    const from = { tenantId: parties.tenantId, accountId: parties.actorId };
    const to = { tenantId: parties.tenantId, accountId: parties.accountId };
    const kinds = ALLOCATION_KINDS.filter((k) => counts[k] > 0);
    const packages = await this.balances.lockAllocatable(
      m,
      from,
      kinds.map((k) => LEDGER_KIND_OF[k]),
      today,
    );
    for (const k of kinds) {
      const held = packages.filter((p) => p.kind === LEDGER_KIND_OF[k]).reduce((sum, p) => sum + p.remaining, 0);
      if (held < counts[k]) throw new BalanceRefusedError(allocationShortMessage(ALLOCATION_KIND_LABELS[k], held));
    }
    const record = await this.orders.insertAllocation(
      m,
      {
        tenantId: parties.tenantId,
        companyId: parties.companyId,
        action: AllocationAction.allocate,
        accountId: parties.accountId,
        ...countColumns(counts),
        createdBy: parties.actorId,
      },
      today,
    );
    for (const k of kinds) {
      let left = counts[k];
      for (const pkg of packages.filter((p) => p.kind === LEDGER_KIND_OF[k])) {
        if (left <= 0) break;
        const n = Math.min(left, pkg.remaining);
        await this.move(m, pkg, from, to, n, record.allocNo, parties.actorId);
        left -= n;
      }
    }
    return { allocNo: record.allocNo, counts };
  }

  /** Gives every unused allocated count of the account back to the package it came from. */
  async revoke(m: EntityManager, parties: AllocationParties): Promise<AllocationResult> {
    const today = businessToday();
    const owner = { tenantId: parties.tenantId, accountId: parties.accountId };
    const packages = await this.balances.lockRevocable(m, owner);
    if (!packages.length) throw new BalanceRefusedError(BalanceMsg.nothingToRevoke);
    const counts = zeroCounts();
    for (const p of packages) counts[ALLOCATION_KIND_OF[p.kind]] += p.remaining;
    const record = await this.orders.insertAllocation(
      m,
      {
        tenantId: parties.tenantId,
        companyId: parties.companyId,
        action: AllocationAction.revoke,
        accountId: parties.accountId,
        ...countColumns(counts, -1),
        createdBy: parties.actorId,
      },
      today,
    );
    for (const p of packages) {
      const after = await this.balances.take(m, owner, p.id, p.remaining);
      if (after === null) throw new Error(`balance package ${p.id} changed while locked`);
      await this.balances.writeLedger(m, {
        ...owner,
        kind: p.kind,
        packageId: p.id,
        delta: -p.remaining,
        balanceAfter: after,
        reason: 'revoke',
        refType: 'allocation',
        refId: record.allocNo,
        createdBy: parties.actorId,
      });
      const sourceId = p.sourcePackageId as number;
      const source = await this.balances.packageOwner(m, sourceId);
      const back = await this.balances.give(m, source, sourceId, p.remaining);
      await this.balances.writeLedger(m, {
        ...source,
        kind: p.kind,
        packageId: sourceId,
        delta: p.remaining,
        balanceAfter: back,
        reason: 'revoke',
        refType: 'allocation',
        refId: record.allocNo,
        createdBy: parties.actorId,
      });
    }
    return { allocNo: record.allocNo, counts };
  }

  private async move(
    m: EntityManager,
    pkg: OpenPackage,
    from: { tenantId: number; accountId: number },
    to: { tenantId: number; accountId: number },
    n: number,
    allocNo: string,
    actorId: number,
  ): Promise<void> {
    const after = await this.balances.take(m, from, pkg.id, n);
    if (after === null) throw new Error(`balance package ${pkg.id} changed while locked`);
    await this.balances.writeLedger(m, {
      ...from,
      kind: pkg.kind,
      packageId: pkg.id,
      delta: -n,
      balanceAfter: after,
      reason: 'allocate',
      refType: 'allocation',
      refId: allocNo,
      createdBy: actorId,
    });
    const packageId = await this.balances.insertPackage(m, {
      ...to,
      kind: pkg.kind,
      cityCodes: pkg.cityCodes,
      cityNames: pkg.cityNames,
      granted: n,
      effectiveDate: pkg.effectiveDate,
      expireDate: pkg.expireDate,
      orderId: pkg.orderId,
      orderNo: pkg.orderNo,
      sourcePackageId: pkg.id,
    });
    await this.balances.writeLedger(m, {
      ...to,
      kind: pkg.kind,
      packageId,
      delta: n,
      balanceAfter: n,
      reason: 'allocate',
      refType: 'allocation',
      refId: allocNo,
      createdBy: actorId,
    });
  }
}

/** The four counts as the allocation record's columns, times `sign`. */
function countColumns(c: AllocationCounts, sign = 1) {
  return {
    annuallyCount: sign * c.annually,
    universalCount: sign * c.universal,
    advisoryCount: sign * c.advisory,
    inquiryCount: sign * c.inquiry,
  };
}
