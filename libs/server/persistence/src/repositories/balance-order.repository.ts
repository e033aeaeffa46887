import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { pageOffset, type PageRequest } from '@valuation/contracts';
import { BalanceDefaultEntity, TenantPriceEntity } from '../entities';
import { containsPattern } from '../query';
import type { UsableCounts } from './balance.repository';

/** An order to store: what a channel sold or gave a customer account. */
export interface NewOrder {
  tenantId: number;
  accountId: number;
  companyId: number;
  productCode: string;
  productName: string;
  buyModeCode: number;
  buyModeName: string;
  buyScope: string;
  evalCount: number;
  reportCount: number;
  orderPrice: string;
  effectiveDate: string;
  expireDate: string;
  orderFrom: number;
  remark: string | null;
  state: number;
  createdBy: number | null;
}

/** An allocation or revoke to store; counts negative for a revoke. */
export interface NewAllocation {
  tenantId: number;
  companyId: number;
  action: number;
  accountId: number;
  annuallyCount: number;
  universalCount: number;
  advisoryCount: number;
  inquiryCount: number;
  createdBy: number;
}

/** Filters of the channel's customer accounts (balances, orders, details). */
export interface CustomerAccountFilter {
  account?: string;
  companyId?: number;
  companyName?: string;
  type?: number;
}

export interface OrderFilter extends CustomerAccountFilter {
  orderNo?: string;
  productCode?: string;
  buyModeCode?: number;
  state?: number;
  from?: number;
  /** Orders placed at or after this moment. */
  since?: Date | null;
  /** Orders placed before this moment. */
  until?: Date | null;
}

/** A customer account with its usable counts. */
export interface CustomerBalanceRowData extends Omit<UsableCounts, 'accountId'> {
  id: number;
  loginUser: string;
  userName: string;
  companyId: number;
  companyName: string;
  userType: number;
}

/** An order with its account and company, and the counts left of it. */
export interface OrderRowData extends Pick<
  NewOrder,
  | 'accountId'
  | 'companyId'
  | 'productCode'
  | 'productName'
  | 'buyModeCode'
  | 'buyModeName'
  | 'buyScope'
  | 'evalCount'
  | 'reportCount'
  | 'orderPrice'
  | 'effectiveDate'
  | 'expireDate'
  | 'orderFrom'
  | 'state'
> {
  id: number;
  orderNo: string;
  createdAt: Date;
  loginUser: string;
  userName: string;
  userType: number;
  companyName: string;
  fromAccount: string;
  remark: string;
  /** Counts of the order left, in the customer's package and in every package allocated from it. */
  remaining: number;
}

export interface CountsStat {
  accountNum: number;
  cityNum: number;
  universalNum: number;
  advisoryNum: number;
  inquiryNum: number;
}

export interface OrderStatData {
  orderNum: number;
  cityNum: number;
  universalNum: number;
  advisoryNum: number;
  inquiryNum: number;
}

export interface AllocationFilterData {
  organizationIds: readonly number[];
  orderNo?: string;
  account?: string;
  accountName?: string;
  creator?: string;
  accountId?: number;
  since?: Date | null;
  until?: Date | null;
}

export interface AllocationRowData {
  id: number;
  allocNo: string;
  action: number;
  accountId: number;
  loginUser: string;
  userName: string;
  organizationName: string;
  annuallyCount: number;
  universalCount: number;
  advisoryCount: number;
  inquiryCount: number;
  createdBy: number;
  creatorName: string;
  createdAt: Date;
}

export type CustomerBalanceSort = 'annuallyCount' | 'universalCount' | 'advisoryCount' | 'inquiryCount';

/** Positional parameters of a query being built. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The customer accounts of a tenant matching a filter, with their company: a `WHERE` over account a and organization c. */
function customerAccountWhere(tenantId: number, f: CustomerAccountFilter, p: Params): string {
  const where = [`a.tenant_id = ${p.add(tenantId)}`];
  if (f.account) {
    const like = p.add(containsPattern(f.account));
    where.push(`(a.login_user LIKE ${like} ESCAPE '\\' OR a.user_name LIKE ${like} ESCAPE '\\')`);
  }
  if (f.companyId) where.push(`a.company_id = ${p.add(f.companyId)}`);
  if (f.companyName) where.push(`c.name LIKE ${p.add(containsPattern(f.companyName))} ESCAPE '\\'`);
  if (f.type) where.push(`a.user_type = ${p.add(f.type)}`);
  return where.join(' AND ');
}

function orderWhere(tenantId: number, f: OrderFilter, p: Params): string {
  const where = [customerAccountWhere(tenantId, f, p), `o.tenant_id = a.tenant_id`];
  if (f.orderNo) where.push(`o.order_no LIKE ${p.add(containsPattern(f.orderNo))} ESCAPE '\\'`);
  if (f.productCode) where.push(`o.product_code = ${p.add(f.productCode)}`);
  if (f.buyModeCode) where.push(`o.buy_mode_code = ${p.add(f.buyModeCode)}`);
  if (f.state !== undefined) where.push(`o.state = ${p.add(f.state)}`);
  if (f.from) where.push(`o.order_from = ${p.add(f.from)}`);
  if (f.since) where.push(`o.created_at >= ${p.add(f.since)}`);
  if (f.until) where.push(`o.created_at < ${p.add(f.until)}`);
  return where.join(' AND ');
}

const ORDER_FROM_SQL = `FROM balance_order o
  JOIN account a ON a.id = o.account_id
  JOIN organization c ON c.id = a.company_id`;

const ORDER_COLUMNS = `o.id, o.order_no AS "orderNo", o.created_at AS "createdAt", o.account_id AS "accountId",
  a.login_user AS "loginUser", a.user_name AS "userName", a.user_type AS "userType", a.company_id AS "companyId", c.name AS "companyName",
  o.product_code AS "productCode", o.product_name AS "productName", o.buy_mode_code AS "buyModeCode", o.buy_mode_name AS "buyModeName",
  o.buy_scope AS "buyScope", o.eval_count AS "evalCount", o.report_count AS "reportCount", o.order_price::text AS "orderPrice",
  to_char(o.effective_date, 'YYYY-MM-DD') AS "effectiveDate", to_char(o.expire_date, 'YYYY-MM-DD') AS "expireDate", o.state,
  o.order_from AS "orderFrom", coalesce(s.login_user, '') AS "fromAccount", coalesce(o.remark, '') AS remark,
  coalesce((SELECT sum(k.remaining) FROM balance_package k WHERE k.order_id = o.id), 0)::int AS remaining`;

/**
 * Orders, price lists, allocations and their defaults, and the lists of the balance screens. The
 * counts these lists show come from balance_package, whose counts the ledger verifies.
 */
@Injectable()
export class BalanceOrderRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Stores an order, numbered DD + the business day + its id; its id and number. */
  async insertOrder(m: EntityManager, o: NewOrder, day: string): Promise<{ id: number; orderNo: string }> {
    const rows: { id: number; order_no: string }[] = await m.query(
      `WITH n AS (SELECT nextval(pg_get_serial_sequence('balance_order', 'id'))::int AS id)
       INSERT INTO balance_order (id, order_no, tenant_id, account_id, company_id, product_code, product_name, buy_mode_code, buy_mode_name,
                                  buy_scope, eval_count, report_count, order_price, effective_date, expire_date, order_from, remark, state, created_by)
       SELECT n.id, 'DD' || $1 || lpad(n.id::text, 8, '0'), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18 FROM n
       RETURNING id, order_no`,
      [
        day.replace(/-/g, ''),
        o.tenantId,
        o.accountId,
        o.companyId,
        o.productCode,
        o.productName,
        o.buyModeCode,
        o.buyModeName,
        o.buyScope,
        o.evalCount,
        o.reportCount,
        o.orderPrice,
        o.effectiveDate,
        o.expireDate,
        o.orderFrom,
        o.remark,
        o.state,
        o.createdBy,
      ],
    );
    return { id: rows[0].id, orderNo: rows[0].order_no };
  }

  /** Stores an allocation or revoke, numbered FP + the business day + its id; its id and number. */
  async insertAllocation(m: EntityManager, a: NewAllocation, day: string): Promise<{ id: number; allocNo: string }> {
    const rows: { id: number; alloc_no: string }[] = await m.query(
      `WITH n AS (SELECT nextval(pg_get_serial_sequence('balance_allocation', 'id'))::int AS id)
       INSERT INTO balance_allocation (id, alloc_no, tenant_id, company_id, action, account_id, annually_count, universal_count, advisory_count, inquiry_count, created_by)
       SELECT n.id, 'FP' || $1 || lpad(n.id::text, 8, '0'), $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM n
       RETURNING id, alloc_no`,
      [
        day.replace(/-/g, ''),
        a.tenantId,
        a.companyId,
        a.action,
        a.accountId,
        a.annuallyCount,
        a.universalCount,
        a.advisoryCount,
        a.inquiryCount,
        a.createdBy,
      ],
    );
    return { id: rows[0].id, allocNo: rows[0].alloc_no };
  }

  /** Counts of an allocation, once its packages are moved. */
  async setAllocationCounts(
    m: EntityManager,
    id: number,
    counts: Omit<NewAllocation, 'tenantId' | 'companyId' | 'action' | 'accountId' | 'createdBy'>,
  ): Promise<void> {
    await m.query(
      `UPDATE balance_allocation SET annually_count = $2, universal_count = $3, advisory_count = $4, inquiry_count = $5 WHERE id = $1`,
      [id, counts.annuallyCount, counts.universalCount, counts.advisoryCount, counts.inquiryCount],
    );
  }

  /** Moves every order whose state differs from its state on `day`; how many moved. */
  async refreshStates(day: string): Promise<number> {
    const rows: { n: number }[] = await this.ds.query(
      `WITH moved AS (
         UPDATE balance_order SET state = CASE WHEN $1::date < effective_date THEN 0 WHEN $1::date > expire_date THEN 2 ELSE 1 END
          WHERE state <> CASE WHEN $1::date < effective_date THEN 0 WHEN $1::date > expire_date THEN 2 ELSE 1 END
          RETURNING 1
       ) SELECT count(*)::int AS n FROM moved`,
      [day],
    );
    return rows[0].n;
  }

  /** The channel's price list, by buy mode. */
  prices(tenantId: number): Promise<TenantPriceEntity[]> {
    return this.ds.getRepository(TenantPriceEntity).find({ where: { tenantId }, order: { buyMode: 'ASC' } });
  }

  async savePrices(m: EntityManager, rows: readonly TenantPriceEntity[]): Promise<void> {
    await m.getRepository(TenantPriceEntity).upsert([...rows], ['tenantId', 'buyMode']);
  }

  defaults(tenantId: number, companyId: number): Promise<BalanceDefaultEntity | null> {
    return this.ds.getRepository(BalanceDefaultEntity).findOneBy({ tenantId, companyId });
  }

  /** Saves a company's defaults; the row before, or null when there was none. */
  async saveDefaults(m: EntityManager, row: Omit<BalanceDefaultEntity, 'updatedAt'>): Promise<BalanceDefaultEntity | null> {
    const repo = m.getRepository(BalanceDefaultEntity);
    const before = await repo.findOne({ where: { companyId: row.companyId, tenantId: row.tenantId }, lock: { mode: 'pessimistic_write' } });
    await repo.upsert(row, ['companyId']);
    return before;
  }

  /** The channel's customer accounts with their usable counts on `day`, sorted, one page. */
  async customerBalancePage(
    tenantId: number,
    f: CustomerAccountFilter,
    sort: { field?: CustomerBalanceSort; order?: 'asc' | 'desc' },
    day: string,
    page: PageRequest,
  ): Promise<{ rows: CustomerBalanceRowData[]; total: number }> {
    const p = new Params();
    const where = customerAccountWhere(tenantId, f, p);
    const today = p.add(day);
    const column = { annuallyCount: 'annually', universalCount: 'universal', advisoryCount: 'advisory', inquiryCount: 'inquiry' }[
      sort.field ?? 'annuallyCount'
    ];
    const orderBy = sort.field ? `coalesce(k.${column}, 0) ${sort.order === 'asc' ? 'ASC' : 'DESC'}, a.id DESC` : 'a.id DESC';
    const rows: (CustomerBalanceRowData & { total: number })[] = await this.ds.query(
      `SELECT a.id, a.login_user AS "loginUser", a.user_name AS "userName", a.company_id AS "companyId", c.name AS "companyName",
              a.user_type AS "userType", coalesce(k.cities, 0)::int AS "cityCount", coalesce(k.annually, 0)::int AS "annuallyCount",
              coalesce(k.universal, 0)::int AS "universalCount", coalesce(k.advisory, 0)::int AS "advisoryCount",
              coalesce(k.inquiry, 0)::int AS "inquiryCount", coalesce(k.scope, '') AS "buyScope", count(*) OVER ()::int AS total
         FROM account a
         JOIN organization c ON c.id = a.company_id
         LEFT JOIN LATERAL (
           SELECT sum(q.remaining) FILTER (WHERE q.kind = 'city') AS annually,
                  sum(q.remaining) FILTER (WHERE q.kind = 'universal') AS universal,
                  sum(q.remaining) FILTER (WHERE q.kind = 'advisory') AS advisory,
                  sum(q.remaining) FILTER (WHERE q.kind = 'inquiry') AS inquiry,
                  (SELECT count(DISTINCT x.code) FROM balance_package z, unnest(z.city_codes) AS x(code)
                    WHERE z.account_id = a.id AND z.kind = 'city' AND z.remaining > 0 AND z.effective_date <= ${today} AND z.expire_date >= ${today}) AS cities,
                  (SELECT string_agg(DISTINCT x.name, '、') FROM balance_package z, unnest(string_to_array(z.city_names, '、')) AS x(name)
                    WHERE z.account_id = a.id AND z.kind = 'city' AND z.remaining > 0 AND z.effective_date <= ${today} AND z.expire_date >= ${today}) AS scope
             FROM balance_package q
            WHERE q.account_id = a.id AND q.tenant_id = a.tenant_id AND q.effective_date <= ${today} AND q.expire_date >= ${today}
         ) k ON TRUE
        WHERE ${where}
        ORDER BY ${orderBy}
        LIMIT ${p.add(page.pageSize)} OFFSET ${p.add(pageOffset(page))}`,
      p.values,
    );
    return {
      rows: rows.map(({ total: _total, ...r }) => r),
      total: rows[0]?.total ?? (page.pageIndex > 1 ? await this.countAccounts(tenantId, f) : 0),
    };
  }

  private async countAccounts(tenantId: number, f: CustomerAccountFilter): Promise<number> {
    const p = new Params();
    const [row]: { n: number }[] = await this.ds.query(
      `SELECT count(*)::int AS n FROM account a JOIN organization c ON c.id = a.company_id WHERE ${customerAccountWhere(tenantId, f, p)}`,
      p.values,
    );
    return row.n;
  }

  /** The strip above the customer balances: accounts, unexpired cities, and usable counts on `day`. */
  async customerBalanceStat(tenantId: number, f: CustomerAccountFilter, day: string): Promise<CountsStat> {
    const p = new Params();
    const where = customerAccountWhere(tenantId, f, p);
    const today = p.add(day);
    const [row]: CountsStat[] = await this.ds.query(
      `WITH acc AS (SELECT a.id, a.tenant_id FROM account a JOIN organization c ON c.id = a.company_id WHERE ${where}),
            pkg AS (SELECT q.* FROM balance_package q JOIN acc ON acc.id = q.account_id AND acc.tenant_id = q.tenant_id)
       SELECT (SELECT count(*) FROM acc)::int AS "accountNum",
              (SELECT count(DISTINCT x.code) FROM pkg, unnest(pkg.city_codes) AS x(code) WHERE pkg.kind = 'city' AND pkg.expire_date >= ${today})::int AS "cityNum",
              coalesce((SELECT sum(remaining) FROM pkg WHERE kind = 'universal' AND effective_date <= ${today} AND expire_date >= ${today}), 0)::int AS "universalNum",
              coalesce((SELECT sum(remaining) FROM pkg WHERE kind = 'advisory' AND effective_date <= ${today} AND expire_date >= ${today}), 0)::int AS "advisoryNum",
              coalesce((SELECT sum(remaining) FROM pkg WHERE kind = 'inquiry' AND effective_date <= ${today} AND expire_date >= ${today}), 0)::int AS "inquiryNum"`,
      p.values,
    );
    return row;
  }

  /** Orders of the channel's customer accounts, newest first, with what is left of each. */
  async orderPage(tenantId: number, f: OrderFilter, page: PageRequest): Promise<{ rows: OrderRowData[]; total: number }> {
    const p = new Params();
    const where = orderWhere(tenantId, f, p);
    const rows: (OrderRowData & { total: number })[] = await this.ds.query(
      `SELECT ${ORDER_COLUMNS}, count(*) OVER ()::int AS total
         ${ORDER_FROM_SQL} LEFT JOIN tenant_staff s ON s.id = o.created_by
        WHERE ${where}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${p.add(page.pageSize)} OFFSET ${p.add(pageOffset(page))}`,
      p.values,
    );
    const total = rows[0]?.total ?? (page.pageIndex > 1 ? (await this.orderStat(tenantId, f, false)).orderNum : 0);
    return { rows: rows.map(({ total: _total, ...r }) => r), total };
  }

  /** Every order matching a filter (an export), newest first, at most `limit`. */
  async orders(tenantId: number, f: OrderFilter, limit: number): Promise<OrderRowData[]> {
    return (await this.orderPage(tenantId, f, { pageIndex: 1, pageSize: limit })).rows;
  }

  /**
   * Totals of the filtered orders: their number, their distinct cities, and per kind the counts
   * they were placed with, or (`left`) the counts left of them.
   */
  async orderStat(tenantId: number, f: OrderFilter, left: boolean): Promise<OrderStatData> {
    const p = new Params();
    const where = orderWhere(tenantId, f, p);
    const amount = left
      ? `coalesce((SELECT sum(k.remaining) FROM balance_package k WHERE k.order_id = o.id), 0)`
      : `(o.eval_count + o.report_count)`;
    const [row]: OrderStatData[] = await this.ds.query(
      `WITH f AS (SELECT o.id, o.product_code, o.buy_mode_code, ${amount} AS amount ${ORDER_FROM_SQL} WHERE ${where})
       SELECT (SELECT count(*) FROM f)::int AS "orderNum",
              (SELECT count(DISTINCT x.code) FROM balance_package k JOIN f ON f.id = k.order_id, unnest(k.city_codes) AS x(code)
                WHERE k.source_package_id IS NULL AND k.kind = 'city')::int AS "cityNum",
              coalesce((SELECT sum(amount) FROM f WHERE product_code = '000001' AND buy_mode_code <> 6), 0)::int AS "universalNum",
              coalesce((SELECT sum(amount) FROM f WHERE product_code = '000002'), 0)::int AS "advisoryNum",
              coalesce((SELECT sum(amount) FROM f WHERE product_code = '000003'), 0)::int AS "inquiryNum"`,
      p.values,
    );
    return row;
  }

  /** Allocations and revokes of accounts in the organisations, newest first. */
  async allocationPage(
    tenantId: number,
    companyId: number,
    f: AllocationFilterData,
    page: PageRequest,
  ): Promise<{
    rows: AllocationRowData[];
    total: number;
    stat: Omit<NewAllocation, 'tenantId' | 'companyId' | 'action' | 'accountId' | 'createdBy'>;
  }> {
    const p = new Params();
    const where = [
      `b.tenant_id = ${p.add(tenantId)}`,
      `b.company_id = ${p.add(companyId)}`,
      `a.organization_id = ANY(${p.add(f.organizationIds)}::int[])`,
    ];
    if (f.orderNo) where.push(`b.alloc_no LIKE ${p.add(containsPattern(f.orderNo))} ESCAPE '\\'`);
    if (f.account) where.push(`a.login_user LIKE ${p.add(containsPattern(f.account))} ESCAPE '\\'`);
    if (f.accountName) where.push(`a.user_name LIKE ${p.add(containsPattern(f.accountName))} ESCAPE '\\'`);
    if (f.creator) {
      const like = p.add(containsPattern(f.creator));
      where.push(`(cr.login_user LIKE ${like} ESCAPE '\\' OR cr.user_name LIKE ${like} ESCAPE '\\')`);
    }
    if (f.accountId) where.push(`b.account_id = ${p.add(f.accountId)}`);
    if (f.since) where.push(`b.created_at >= ${p.add(f.since)}`);
    if (f.until) where.push(`b.created_at < ${p.add(f.until)}`);
    const from = `FROM balance_allocation b
      JOIN account a ON a.id = b.account_id
      JOIN organization g ON g.id = a.organization_id
      LEFT JOIN account cr ON cr.id = b.created_by
     WHERE ${where.join(' AND ')}`;
    const [stat]: { annuallyCount: number; universalCount: number; advisoryCount: number; inquiryCount: number; total: number }[] =
      await this.ds.query(
        `SELECT count(*)::int AS total, coalesce(sum(b.annually_count), 0)::int AS "annuallyCount", coalesce(sum(b.universal_count), 0)::int AS "universalCount",
              coalesce(sum(b.advisory_count), 0)::int AS "advisoryCount", coalesce(sum(b.inquiry_count), 0)::int AS "inquiryCount" ${from}`,
        p.values,
      );
    const rows: AllocationRowData[] = await this.ds.query(
      `SELECT b.id, b.alloc_no AS "allocNo", b.action, b.account_id AS "accountId", a.login_user AS "loginUser", a.user_name AS "userName",
              g.name AS "organizationName", b.annually_count AS "annuallyCount", b.universal_count AS "universalCount",
              b.advisory_count AS "advisoryCount", b.inquiry_count AS "inquiryCount", b.created_by AS "createdBy",
              coalesce(cr.user_name, '') AS "creatorName", b.created_at AS "createdAt"
         ${from}
        ORDER BY b.created_at DESC, b.id DESC
        LIMIT ${p.add(page.pageSize)} OFFSET ${p.add(pageOffset(page))}`,
      p.values,
    );
    const { total, ...sums } = stat;
    return { rows, total, stat: sums };
  }
}
