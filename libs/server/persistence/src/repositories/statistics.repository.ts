import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import {
  addDays,
  businessDate,
  businessTimeZone,
  dayOfYear,
  STAT_COLUMN_OF_SUB_METHOD,
  startOfBusinessDay,
  type StatSubMethod,
} from '@valuation/domain';
import { pageOffset, type PageRequest } from '@valuation/contracts';
import { AppraisalCaseEntity, EvalRecordEntity, EvalReportEntity, StatOrgDayEntity, StatPresenceEntity } from '../entities';
import {
  inDataRange,
  ORGANIZATION_OWNED_ROW_COLUMNS,
  OWNED_ROW_COLUMNS,
  rangeOrganizations,
  type DataRangeColumns,
  type DataScope,
} from '../query/data-range';
import { containsPattern } from '../query/like';

/** What the statistics read: the caller's data range and the filters of the screen. */
export interface StatFilterData {
  scope: DataScope;
  /** Organisations asked for (the organisation side); each already checked to be in the caller's range. */
  organizationIds?: readonly number[];
  /** Customer company (the channel side), by id, by name (contains) and by customer category. */
  companyId?: number;
  companyName?: string;
  categoryId?: number;
  /** One account by its login name (exact, ignoring case). */
  loginUser?: string;
  /** 1 PC, 2 APP, 3 WeChat; absent: every source. */
  source?: number;
  /** Only these accounts' items (a page of summary rows). */
  accountIds?: readonly number[];
  from: Date | null;
  until: Date | null;
  subMethods: readonly StatSubMethod[];
}

/** How summary rows are grouped: per organisation and account (organisation side) or per company and account (channel). */
export type StatGrouping = 'organization' | 'company';

export interface StatCounts {
  ha: number;
  rapid: number;
  batch: number;
  manual: number;
  repeat: number;
  inquiry: number;
  advisory: number;
}

export interface StatSummaryRowData extends StatCounts {
  companyId: number;
  companyName: string;
  categoryName: string;
  organizationId: number;
  organizationName: string;
  accountId: number;
  loginUser: string;
  userName: string;
}

export interface StatTotalsData extends StatCounts {
  companies: number;
  organizations: number;
  accounts: number;
  /** Items counted (detail rows). */
  items: number;
}

export interface StatItemRowData {
  subMethod: StatSubMethod;
  /** The record's evalCode, the case number, or the report's code. */
  code: string;
  at: Date;
  companyName: string;
  organizationName: string;
  loginUser: string;
  userName: string;
  evalType: number;
  cityName: string;
  haName: string | null;
  cardAddress: string | null;
  location: string | null;
  principalCode: string | null;
  bldgType: string | null;
  bldgArea: string | null;
  totalPrice: string | null;
  unitPrice: string | null;
}

/**
 * Every item branch selects, in this order: sub, company_id, organization_id, account_id, ha_code and, for detail rows,
 * item_id, code, at, ha_name, eval_type, city_name, card_address, location, principal_code, bldg_type, bldg_area, total_price, unit_price.
 */

/** Where an export's batch continues: the last row read, in the detail order (time, sub-method, item id). */
interface ItemCursor {
  /** The time as PostgreSQL writes it (microseconds kept). */
  at: string;
  sub: number;
  itemId: string;
}

interface ItemBranch {
  subMethods: readonly StatSubMethod[];
  build: () => SelectQueryBuilder<ObjectLiteral>;
}

/**
 * The items counted per owner and community in one hashed pass (`pairs`): the counts per sub-method
 * are then sums over these pairs and the distinct communities a count of pairs, both over far fewer
 * rows than the items.
 */
const PAIRS = (items: string) => `pairs AS (
  SELECT company_id, organization_id, account_id, ha_code, count(*)::int AS n,
         count(*) FILTER (WHERE sub = 11)::int AS rapid, count(*) FILTER (WHERE sub = 12)::int AS batch,
         count(*) FILTER (WHERE sub = 13)::int AS manual, count(*) FILTER (WHERE sub = 14)::int AS repeat,
         count(*) FILTER (WHERE sub = 21)::int AS inquiry, count(*) FILTER (WHERE sub = 22)::int AS advisory
    FROM (${items}) i
   GROUP BY company_id, organization_id, account_id, ha_code)`;

/** The counts of a set of pairs (see PAIRS). */
const COUNT_COLUMNS = `count(DISTINCT ha_code)::int AS ha,
  coalesce(sum(rapid), 0)::int AS rapid, coalesce(sum(batch), 0)::int AS batch,
  coalesce(sum(manual), 0)::int AS manual, coalesce(sum(repeat), 0)::int AS repeat,
  coalesce(sum(inquiry), 0)::int AS inquiry, coalesce(sum(advisory), 0)::int AS advisory`;

/** The totals of a set of pairs (see PAIRS). */
const TOTAL_COLUMNS = `count(DISTINCT company_id)::int AS companies, count(DISTINCT organization_id)::int AS organizations,
  count(DISTINCT account_id)::int AS accounts, coalesce(sum(n), 0)::int AS items, ${COUNT_COLUMNS}`;

/** The business time zone the rollups' days are kept in (the StatRollups migration's triggers). */
export const STAT_ROLLUP_TIME_ZONE = 'Asia/Shanghai';

const NO_DAY = `B'0'::bit(366)`;

/** The owner of a summary row as a query names it (company_id, company_name, ..., user_name). */
function ownerOf(r: Record<string, unknown>): Omit<StatSummaryRowData, keyof StatCounts> {
  return {
    companyId: Number(r.company_id ?? 0),
    companyName: String(r.company_name ?? ''),
    categoryName: String(r.category_name ?? ''),
    organizationId: Number(r.organization_id ?? 0),
    organizationName: String(r.organization_name ?? ''),
    accountId: Number(r.account_id ?? 0),
    loginUser: String(r.login_user ?? ''),
    userName: String(r.user_name ?? ''),
  };
}

/** Whole business days (yyyy-MM-dd, `until` excluded; null: open), the unit of the rollups. */
interface DayRun {
  from: string | null;
  until: string | null;
}

/**
 * The usage statistics: every quick valuation, valued batch row, manual enquiry, re-appraisal and
 * report (see STAT_COLUMN_OF_SUB_METHOD in the domain) of the caller's range as one list of items,
 * summed per account or listed newest first.
 */
@Injectable()
export class StatisticsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * One page of summary rows and the totals of every row. Over whole days of a range beyond the
   * caller's own rows, the totals and the page's accounts come from the rollups and only the page's
   * accounts' items are read; otherwise (and for an export, page null) every item is summed.
   */
  async summary(
    f: StatFilterData,
    grouping: StatGrouping,
    page: PageRequest | null,
  ): Promise<{ rows: StatSummaryRowData[]; total: number; totals: StatTotalsData }> {
    const run = page && this.dayRun(f);
    if (!page || !run) return this.summaryOfItems(f, grouping, page);
    const [totals, groups] = await Promise.all([this.rolledTotals(f, run), this.activeGroups(f, run, grouping, page)]);
    if (!groups.rows.length) return { rows: [], total: groups.total, totals };
    const counted = await this.summaryOfItems({ ...f, accountIds: [...new Set(groups.rows.map((g) => g.accountId))] }, grouping, null);
    const key = (r: { companyId: number; organizationId: number; accountId: number }) =>
      grouping === 'organization' ? `${r.companyId}/${r.organizationId}/${r.accountId}` : `${r.companyId}/${r.accountId}`;
    const counts = new Map(counted.rows.map((r) => [key(r), r]));
    const zero: StatCounts = { ha: 0, rapid: 0, batch: 0, manual: 0, repeat: 0, inquiry: 0, advisory: 0 };
    const rows = groups.rows.map((g) => {
      const c = counts.get(key(g)) ?? zero;
      return {
        ...g,
        ha: c.ha,
        rapid: c.rapid,
        batch: c.batch,
        manual: c.manual,
        repeat: c.repeat,
        inquiry: c.inquiry,
        advisory: c.advisory,
      };
    });
    return { rows, total: groups.total, totals };
  }

  /** The summary summed over every item of the filters (all rows when page is null). */
  private async summaryOfItems(
    f: StatFilterData,
    grouping: StatGrouping,
    page: PageRequest | null,
  ): Promise<{ rows: StatSummaryRowData[]; total: number; totals: StatTotalsData }> {
    const items = this.items(f, false);
    const group = grouping === 'organization' ? 'company_id, organization_id, account_id' : 'company_id, account_id';
    const order =
      grouping === 'organization'
        ? 'o.path, g.organization_id, a.login_user, g.account_id'
        : 'co.name, g.company_id, a.login_user, g.account_id';
    const limit = page ? `LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}` : '';
    const [sql, params] = this.ds.driver.escapeQueryWithParameters(
      `WITH ${PAIRS(items.sql)},
       totals AS (SELECT ${TOTAL_COLUMNS} FROM pairs),
       grouped AS (
         SELECT ${group}, ${grouping === 'company' ? 'min(organization_id) AS organization_id, ' : ''}${COUNT_COLUMNS}
           FROM pairs GROUP BY ${group}),
       page AS (
         SELECT g.*, count(*) OVER ()::int AS total, co.name AS company_name, coalesce(cat.name, '') AS category_name,
                coalesce(o.name, '') AS organization_name, coalesce(a.login_user, '') AS login_user, coalesce(a.user_name, '') AS user_name
           FROM grouped g
           LEFT JOIN organization co ON co.id = g.company_id
           LEFT JOIN customer_category cat ON cat.id = co.category_id
           LEFT JOIN organization o ON o.id = g.organization_id
           LEFT JOIN account a ON a.id = g.account_id
          ORDER BY ${order}
          ${limit})
       SELECT t.companies AS t_companies, t.organizations AS t_organizations, t.accounts AS t_accounts, t.items AS t_items,
              t.ha AS t_ha, t.rapid AS t_rapid, t.batch AS t_batch, t.manual AS t_manual, t.repeat AS t_repeat,
              t.inquiry AS t_inquiry, t.advisory AS t_advisory, p.*
         FROM totals t LEFT JOIN page p ON true`,
      items.params,
      {},
    );
    const raw: Record<string, unknown>[] = await this.ds.query(sql, params);
    const first = raw[0] ?? {};
    const n = (v: unknown) => Number(v ?? 0);
    const totals: StatTotalsData = {
      companies: n(first.t_companies),
      organizations: n(first.t_organizations),
      accounts: n(first.t_accounts),
      items: n(first.t_items),
      ha: n(first.t_ha),
      rapid: n(first.t_rapid),
      batch: n(first.t_batch),
      manual: n(first.t_manual),
      repeat: n(first.t_repeat),
      inquiry: n(first.t_inquiry),
      advisory: n(first.t_advisory),
    };
    const rows = raw
      .filter((r) => r.account_id !== null && r.account_id !== undefined)
      .map((r) => ({
        ...ownerOf(r),
        ha: n(r.ha),
        rapid: n(r.rapid),
        batch: n(r.batch),
        manual: n(r.manual),
        repeat: n(r.repeat),
        inquiry: n(r.inquiry),
        advisory: n(r.advisory),
      }));
    const total = rows.length ? n(raw.find((r) => r.total !== null)?.total) : await this.groupCount(items, group, page);
    return { rows, total, totals };
  }

  /** One page of detail rows, newest first (time, sub-method, item id: a stable order for keyset reading), and the totals. */
  async itemsPage(f: StatFilterData, page: PageRequest): Promise<{ rows: StatItemRowData[]; total: number; totals: StatTotalsData }> {
    const run = this.dayRun(f);
    const totals = run ? await this.rolledTotals(f, run) : await this.totals(f);
    const offset = pageOffset(page);
    const end = Math.min(totals.items, offset + page.pageSize);
    let rows: StatItemRowData[] = [];
    if (offset < totals.items) {
      // A page in the second half is read from the oldest end, so the last pages cost what the first do.
      rows =
        offset < totals.items / 2
          ? await this.itemRows(f, { limit: page.pageSize, offset })
          : (await this.itemRows(f, { limit: end - offset, offset: totals.items - end, oldestFirst: true })).reverse();
    }
    return { rows, total: totals.items, totals };
  }

  /**
   * The newest `limit` detail rows, in batches of `batchSize` (an export): each batch continues
   * after the last row of the one before (time, sub-method, item id), so no batch skips rows.
   */
  async *itemBatches(f: StatFilterData, limit: number, batchSize = 1000): AsyncGenerator<StatItemRowData[]> {
    let after: ItemCursor | undefined;
    for (let read = 0; read < limit;) {
      const batch = await this.itemRows(f, { limit: Math.min(batchSize, limit - read), offset: 0, after });
      if (batch.length) yield batch.map(({ cursor: _, ...row }) => row);
      read += batch.length;
      if (batch.length < batchSize) return;
      after = batch[batch.length - 1].cursor;
    }
  }

  /**
   * How many valuation records (quick and batch) a scope holds in a run of whole days, read from the
   * rollups; null when they cannot tell (a range of own rows only, or part of a day).
   */
  async recordCount(scope: DataScope, from: Date | null, until: Date | null): Promise<number | null> {
    const f: StatFilterData = { scope, from, until, subMethods: [11, 12] };
    const run = this.dayRun(f);
    if (!run) return null;
    const counts = await this.rolledCounts(f, run);
    return counts.rapid + counts.batch;
  }

  /**
   * The whole business days the filters select, when the rollups can answer them: a range beyond
   * the caller's own rows (their items are few and read directly), no single account, days kept in
   * the business zone and bounds at the start of a day.
   */
  private dayRun(f: StatFilterData): DayRun | null {
    if (f.scope.range === 'own' || f.loginUser !== undefined || f.accountIds) return null;
    if (businessTimeZone() !== STAT_ROLLUP_TIME_ZONE) return null;
    const day = (at: Date | null): string | null | undefined => {
      if (!at) return null;
      const d = businessDate(at);
      return startOfBusinessDay(d).getTime() === at.getTime() ? d : undefined;
    };
    const from = day(f.from);
    const until = day(f.until);
    return from === undefined || until === undefined ? null : { from, until };
  }

  /** The totals from the rollups: counts per organisation and day, distinct owners and communities from the presence rows. */
  private async rolledTotals(f: StatFilterData, run: DayRun): Promise<StatTotalsData> {
    const presence = this.presence(f, run)
      .select('count(DISTINCT p.company_id)::int', 'companies')
      .addSelect('count(DISTINCT p.organization_id)::int', 'organizations')
      .addSelect('count(DISTINCT p.account_id)::int', 'accounts')
      .addSelect(`count(DISTINCT nullif(p.ha_code, ''))::int`, 'ha');
    const [counts, distinct] = await Promise.all([this.rolledCounts(f, run), presence.getRawOne<Record<string, unknown>>()]);
    const n = (v: unknown) => Number(v ?? 0);
    return {
      ...counts,
      companies: n(distinct?.companies),
      organizations: n(distinct?.organizations),
      accounts: n(distinct?.accounts),
      ha: n(distinct?.ha),
    };
  }

  /**
   * The items counted per sub-method from the organisation-day rollup, plus the caller's own items
   * filed under organisations outside its range (an account that moved), which that rollup cannot
   * tell apart.
   */
  private async rolledCounts(f: StatFilterData, run: DayRun): Promise<Omit<StatCounts, 'ha'> & { items: number }> {
    const wanted = new Set(f.subMethods);
    const sum = (sub: StatSubMethod) => (wanted.has(sub) ? `coalesce(sum(d.${STAT_COLUMN_OF_SUB_METHOD[sub]}), 0)::int` : '0');
    const qb = this.ds
      .createQueryBuilder()
      .from(StatOrgDayEntity, 'd')
      .select(sum(11), 'rapid')
      .addSelect(sum(12), 'batch')
      .addSelect(sum(13), 'manual')
      .addSelect(sum(14), 'repeat')
      .addSelect(sum(21), 'inquiry')
      .addSelect(sum(22), 'advisory');
    this.common(qb, 'd', f, ORGANIZATION_OWNED_ROW_COLUMNS, false);
    if (run.from) qb.andWhere('d.day >= :d_from', { d_from: run.from });
    if (run.until) qb.andWhere('d.day < :d_until', { d_until: run.until });
    const [rolled, moved] = await Promise.all([qb.getRawOne<Record<string, unknown>>(), this.ownItemsElsewhere(f)]);
    const n = (key: keyof Omit<StatCounts, 'ha'>) => Number(rolled?.[key] ?? 0) + (moved.get(key) ?? 0);
    const counts = {
      rapid: n('rapid'),
      batch: n('batch'),
      manual: n('manual'),
      repeat: n('repeat'),
      inquiry: n('inquiry'),
      advisory: n('advisory'),
    };
    return { ...counts, items: Object.values(counts).reduce((a, b) => a + b, 0) };
  }

  /** The caller's own items (per count column) under organisations its range does not reach. */
  private async ownItemsElsewhere(f: StatFilterData): Promise<Map<keyof StatCounts, number>> {
    const organizations = rangeOrganizations('i.organization_id', f.scope, 'elsewhere');
    if (!organizations) return new Map();
    const items = this.items({ ...f, scope: { ...f.scope, range: 'own' } }, false);
    const [sql, params] = this.ds.driver.escapeQueryWithParameters(
      `SELECT sub, count(*)::int AS n FROM (${items.sql}) i WHERE NOT (${organizations.sql}) GROUP BY sub`,
      { ...items.params, ...organizations.params },
      {},
    );
    const raw: { sub: number; n: number }[] = await this.ds.query(sql, params);
    return new Map(raw.map((r) => [STAT_COLUMN_OF_SUB_METHOD[Number(r.sub) as StatSubMethod], Number(r.n)]));
  }

  /** The presence rows of the filters that have an item on a day of the run. */
  private presence(f: StatFilterData, run: DayRun): SelectQueryBuilder<ObjectLiteral> {
    const qb = this.ds.createQueryBuilder().from(StatPresenceEntity, 'p');
    this.common(qb, 'p', f, OWNED_ROW_COLUMNS, false);
    qb.andWhere('p.sub IN (:...p_subs)', { p_subs: [...f.subMethods] });
    const days = presentInRun('p', run);
    return qb.andWhere(days.sql, days.params);
  }

  /** The summary rows (owners) with items in the run, one page of them in the table's order, and their number. */
  private async activeGroups(
    f: StatFilterData,
    run: DayRun,
    grouping: StatGrouping,
    page: PageRequest,
  ): Promise<{ rows: Omit<StatSummaryRowData, keyof StatCounts>[]; total: number }> {
    const groups = this.presence(f, run).select('p.company_id', 'company_id').addSelect('p.account_id', 'account_id');
    if (grouping === 'organization')
      groups.addSelect('p.organization_id', 'organization_id').groupBy('p.company_id, p.organization_id, p.account_id');
    else groups.addSelect('min(p.organization_id)', 'organization_id').groupBy('p.company_id, p.account_id');
    const order =
      grouping === 'organization'
        ? 'o.path, g.organization_id, a.login_user, g.account_id'
        : 'co.name, g.company_id, a.login_user, g.account_id';
    const [sql, params] = this.ds.driver.escapeQueryWithParameters(
      `WITH g AS (${groups.getQuery()})
       SELECT g.company_id, g.organization_id, g.account_id, count(*) OVER ()::int AS total,
              co.name AS company_name, coalesce(cat.name, '') AS category_name, coalesce(o.name, '') AS organization_name,
              coalesce(a.login_user, '') AS login_user, coalesce(a.user_name, '') AS user_name
         FROM g
         LEFT JOIN organization co ON co.id = g.company_id
         LEFT JOIN customer_category cat ON cat.id = co.category_id
         LEFT JOIN organization o ON o.id = g.organization_id
         LEFT JOIN account a ON a.id = g.account_id
        ORDER BY ${order}
        LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}`,
      groups.getParameters(),
      {},
    );
    const raw: Record<string, unknown>[] = await this.ds.query(sql, params);
    const total = raw.length ? Number(raw[0].total) : await this.countGroups(groups);
    return {
      total,
      rows: raw.map(ownerOf),
    };
  }

  /** The number of rows of a grouped query (a page past the last one has none to read it from). */
  private async countGroups(groups: SelectQueryBuilder<ObjectLiteral>): Promise<number> {
    const [sql, params] = this.ds.driver.escapeQueryWithParameters(
      `SELECT count(*)::int AS n FROM (${groups.getQuery()}) g`,
      groups.getParameters(),
      {},
    );
    const [row]: { n: number }[] = await this.ds.query(sql, params);
    return Number(row?.n ?? 0);
  }

  /** The totals of the filters alone: one hashed pass over the items' owner and community columns. */
  private async totals(f: StatFilterData): Promise<StatTotalsData> {
    const items = this.items(f, false);
    const [sql, params] = this.ds.driver.escapeQueryWithParameters(
      `WITH ${PAIRS(items.sql)} SELECT ${TOTAL_COLUMNS} FROM pairs`,
      items.params,
      {},
    );
    const [t]: Record<string, unknown>[] = await this.ds.query(sql, params);
    const n = (v: unknown) => Number(v ?? 0);
    return {
      companies: n(t?.companies),
      organizations: n(t?.organizations),
      accounts: n(t?.accounts),
      items: n(t?.items),
      ha: n(t?.ha),
      rapid: n(t?.rapid),
      batch: n(t?.batch),
      manual: n(t?.manual),
      repeat: n(t?.repeat),
      inquiry: n(t?.inquiry),
      advisory: n(t?.advisory),
    };
  }

  /** Detail rows newest first (or oldest first), skipping `offset`, or after a row of an earlier read. */
  private async itemRows(
    f: StatFilterData,
    read: { limit: number; offset: number; oldestFirst?: boolean; after?: ItemCursor },
  ): Promise<(StatItemRowData & { cursor: ItemCursor })[]> {
    const order = (alias: string) =>
      read.oldestFirst ? `${alias}at ASC, ${alias}sub DESC, ${alias}item_id ASC` : `${alias}at DESC, ${alias}sub, ${alias}item_id DESC`;
    const after = read.after
      ? `WHERE at <= CAST(:after_at AS timestamptz) AND (at < CAST(:after_at AS timestamptz) OR (at = CAST(:after_at AS timestamptz) AND (sub > :after_sub OR (sub = :after_sub AND item_id < :after_id))))`
      : '';
    const limit = Math.max(0, Math.floor(read.limit));
    const offset = Math.max(0, Math.floor(read.offset));
    // Each kind of item gives at most the rows the page can reach, read in the page's order (from the time index).
    const items = this.items(f, true, (branch) => `SELECT * FROM (${branch}) b ${after} ORDER BY ${order('')} LIMIT ${limit + offset}`);
    const [sql, params] = this.ds.driver.escapeQueryWithParameters(
      `WITH items AS (${items.sql})
       SELECT i.*, i.at::text AS at_key, coalesce(co.name, '') AS company_name, coalesce(o.name, '') AS organization_name,
              coalesce(a.login_user, '') AS login_user, coalesce(a.user_name, '') AS user_name
         FROM (SELECT * FROM items ORDER BY ${order('')} LIMIT ${limit} OFFSET ${offset}) i
         LEFT JOIN organization co ON co.id = i.company_id
         LEFT JOIN organization o ON o.id = i.organization_id
         LEFT JOIN account a ON a.id = i.account_id
        ORDER BY ${order('i.')}`,
      { ...items.params, ...(read.after ? { after_at: read.after.at, after_sub: read.after.sub, after_id: read.after.itemId } : {}) },
      {},
    );
    const raw: Record<string, unknown>[] = await this.ds.query(sql, params);
    return raw.map((r) => ({
      cursor: { at: String(r.at_key), sub: Number(r.sub), itemId: String(r.item_id) },
      subMethod: Number(r.sub) as StatSubMethod,
      code: String(r.code ?? ''),
      at: new Date(r.at as string | Date),
      companyName: String(r.company_name ?? ''),
      organizationName: String(r.organization_name ?? ''),
      loginUser: String(r.login_user ?? ''),
      userName: String(r.user_name ?? ''),
      evalType: Number(r.eval_type ?? 1),
      cityName: String(r.city_name ?? ''),
      haName: (r.ha_name as string | null) ?? null,
      cardAddress: (r.card_address as string | null) ?? null,
      location: (r.location as string | null) ?? null,
      principalCode: (r.principal_code as string | null) ?? null,
      bldgType: (r.bldg_type as string | null) ?? null,
      bldgArea: r.bldg_area === null || r.bldg_area === undefined ? null : String(r.bldg_area),
      totalPrice: r.total_price === null || r.total_price === undefined ? null : String(r.total_price),
      unitPrice: r.unit_price === null || r.unit_price === undefined ? null : String(r.unit_price),
    }));
  }

  private async groupCount(items: { sql: string; params: ObjectLiteral }, group: string, page: PageRequest | null): Promise<number> {
    if (!page) return 0;
    const [sql, params] = this.ds.driver.escapeQueryWithParameters(
      `WITH items AS (${items.sql}) SELECT count(*)::int AS n FROM (SELECT 1 FROM items GROUP BY ${group}) g`,
      items.params,
      {},
    );
    const [row]: { n: number }[] = await this.ds.query(sql, params);
    return Number(row?.n ?? 0);
  }

  /**
   * The items of the filters as one UNION ALL (with named parameters), one branch per kind of item
   * asked for (each as `branch` makes it): with `detail` every column of a detail row, otherwise only
   * what the counts read.
   */
  private items(
    f: StatFilterData,
    detail: boolean,
    branch: (sql: string) => string = (sql) => sql,
  ): { sql: string; params: ObjectLiteral } {
    const wanted = new Set(f.subMethods);
    const branches: ItemBranch[] = [
      { subMethods: [11, 12], build: () => this.recordBranch(f, wanted, detail) },
      { subMethods: [13, 14], build: () => this.caseBranch(f, wanted, detail) },
      { subMethods: [21, 22], build: () => this.reportBranch(f, wanted, detail) },
    ];
    const parts: string[] = [];
    let params: ObjectLiteral = {};
    for (const b of branches) {
      if (!b.subMethods.some((s) => wanted.has(s))) continue;
      const qb = b.build();
      parts.push(branch(qb.getQuery()));
      params = { ...params, ...qb.getParameters() };
    }
    if (!parts.length) throw new Error('statistics asked for no sub-method');
    return { sql: parts.map((p) => `(${p})`).join(' UNION ALL '), params };
  }

  /** Quick valuations (11: no batch task) and valued batch rows (12). */
  private recordBranch(f: StatFilterData, wanted: ReadonlySet<StatSubMethod>, detail: boolean): SelectQueryBuilder<ObjectLiteral> {
    const qb = this.ds
      .createQueryBuilder()
      .from(EvalRecordEntity, 'r')
      .select('CASE WHEN r.batch_task_id IS NULL THEN 11 ELSE 12 END', 'sub')
      .addSelect('r.company_id', 'company_id')
      .addSelect('r.organization_id', 'organization_id')
      .addSelect('r.account_id', 'account_id')
      .addSelect('r.ha_code::text', 'ha_code');
    if (detail)
      qb.addSelect('r.id::text', 'item_id')
        .addSelect('r.eval_code::text', 'code')
        .addSelect('r.created_at', 'at')
        .addSelect('r.ha_name::text', 'ha_name')
        .addSelect('r.eval_type::int', 'eval_type')
        .addSelect('r.city_name::text', 'city_name')
        .addSelect('r.card_address::text', 'card_address')
        .addSelect('r.location::text', 'location')
        .addSelect('r.principal_code::text', 'principal_code')
        .addSelect('r.bldg_type::text', 'bldg_type')
        .addSelect('r.bldg_area::numeric', 'bldg_area')
        .addSelect('r.total_price::numeric', 'total_price')
        .addSelect('r.unit_price::numeric', 'unit_price');
    this.common(qb, 'r', f);
    if (!wanted.has(11)) qb.andWhere('r.batch_task_id IS NOT NULL');
    if (!wanted.has(12)) qb.andWhere('r.batch_task_id IS NULL');
    return qb;
  }

  /** Manual enquiries (13) and re-appraisals (14), whatever their state. */
  private caseBranch(f: StatFilterData, wanted: ReadonlySet<StatSubMethod>, detail: boolean): SelectQueryBuilder<ObjectLiteral> {
    const kinds = [...(wanted.has(13) ? ['artificial'] : []), ...(wanted.has(14) ? ['review'] : [])];
    const qb = this.ds
      .createQueryBuilder()
      .from(AppraisalCaseEntity, 'c')
      .select(`CASE WHEN c.kind = 'artificial' THEN 13 ELSE 14 END`, 'sub')
      .addSelect('c.company_id', 'company_id')
      .addSelect('c.organization_id', 'organization_id')
      .addSelect('c.account_id', 'account_id')
      .addSelect('c.ha_code::text', 'ha_code')
      .where('c.kind IN (:...c_kinds)', { c_kinds: kinds });
    if (detail)
      qb.addSelect('c.id::text', 'item_id')
        .addSelect('c.case_no::text', 'code')
        .addSelect('c.created_at', 'at')
        .addSelect('c.ha_name::text', 'ha_name')
        .addSelect('c.eval_type::int', 'eval_type')
        .addSelect('c.city_name::text', 'city_name')
        .addSelect('c.card_address::text', 'card_address')
        .addSelect('c.location::text', 'location')
        .addSelect('c.principal_code::text', 'principal_code')
        .addSelect(`(c.house_info ->> 'bldgType')::text`, 'bldg_type')
        .addSelect('c.bldg_area::numeric', 'bldg_area')
        .addSelect('c.review_total_price::numeric', 'total_price')
        .addSelect('c.review_unit_price::numeric', 'unit_price');
    this.common(qb, 'c', f);
    return qb;
  }

  /** Inquiry (21) and advisory (22) reports ordered and not failed, of records and of answered cases. */
  private reportBranch(f: StatFilterData, wanted: ReadonlySet<StatSubMethod>, detail: boolean): SelectQueryBuilder<ObjectLiteral> {
    const types = [...(wanted.has(21) ? [1] : []), ...(wanted.has(22) ? [2] : [])];
    const qb = this.ds
      .createQueryBuilder()
      .from(EvalReportEntity, 'e')
      .select('CASE WHEN e.report_type = 1 THEN 21 ELSE 22 END', 'sub')
      .addSelect('e.company_id', 'company_id')
      .addSelect('e.organization_id', 'organization_id')
      .addSelect('e.account_id', 'account_id')
      .where('e.report_type IN (:...e_types)', { e_types: types })
      .andWhere('e.state <> 3');
    if (!detail)
      // The community of each report looked up by key: a join lets the planner scan every record for a few reports.
      qb.addSelect(
        `coalesce((SELECT sc.ha_code FROM appraisal_case sc WHERE sc.id = e.case_id),
                  (SELECT sr.ha_code FROM eval_record sr WHERE sr.id = e.eval_record_id))::text`,
        'ha_code',
      );
    if (detail)
      qb.leftJoin(EvalRecordEntity, 'er', 'er.id = e.eval_record_id')
        .leftJoin(AppraisalCaseEntity, 'ec', 'ec.id = e.case_id')
        .addSelect('coalesce(ec.ha_code, er.ha_code)::text', 'ha_code')
        .addSelect('e.id::text', 'item_id')
        .addSelect('e.report_code::text', 'code')
        .addSelect('e.created_at', 'at')
        .addSelect('coalesce(ec.ha_name, er.ha_name)::text', 'ha_name')
        .addSelect('coalesce(ec.eval_type, er.eval_type, 1)::int', 'eval_type')
        .addSelect(`coalesce(ec.city_name, er.city_name, '')::text`, 'city_name')
        .addSelect('coalesce(ec.card_address, er.card_address)::text', 'card_address')
        .addSelect('coalesce(ec.location, er.location)::text', 'location')
        .addSelect('coalesce(ec.principal_code, er.principal_code)::text', 'principal_code')
        .addSelect(`coalesce(ec.house_info ->> 'bldgType', er.bldg_type)::text`, 'bldg_type')
        .addSelect('coalesce(ec.bldg_area, er.bldg_area)::numeric', 'bldg_area')
        .addSelect('CASE WHEN e.case_id IS NOT NULL THEN ec.review_total_price ELSE er.total_price END::numeric', 'total_price')
        .addSelect('CASE WHEN e.case_id IS NOT NULL THEN ec.review_unit_price ELSE er.unit_price END::numeric', 'unit_price');
    this.common(qb, 'e', f);
    return qb;
  }

  /** The data range and the screen's filters on one branch (every item table has the same owner and time columns). */
  private common(
    qb: SelectQueryBuilder<ObjectLiteral>,
    alias: string,
    f: StatFilterData,
    columns: DataRangeColumns = OWNED_ROW_COLUMNS,
    times = true,
  ): void {
    const p = (name: string) => `${alias}_${name}`;
    inDataRange(qb, alias, f.scope, columns);
    if (f.organizationIds) qb.andWhere(`${alias}.organization_id IN (:...${p('orgs')})`, { [p('orgs')]: [...f.organizationIds] });
    if (f.companyId !== undefined) qb.andWhere(`${alias}.company_id = :${p('company')}`, { [p('company')]: f.companyId });
    if (f.companyName !== undefined || f.categoryId !== undefined) {
      const conditions = ['co.tenant_id = :' + p('co_tenant'), 'co.parent_id IS NULL'];
      const params: ObjectLiteral = { [p('co_tenant')]: f.scope.tenantId };
      if (f.companyName !== undefined) {
        conditions.push(`co.name LIKE :${p('co_name')}`);
        params[p('co_name')] = containsPattern(f.companyName);
      }
      if (f.categoryId !== undefined) {
        conditions.push(`co.category_id = :${p('co_category')}`);
        params[p('co_category')] = f.categoryId;
      }
      qb.andWhere(`${alias}.company_id IN (SELECT co.id FROM organization co WHERE ${conditions.join(' AND ')})`, params);
    }
    if (f.loginUser !== undefined) {
      qb.andWhere(
        `${alias}.account_id IN (SELECT ac.id FROM account ac WHERE ac.tenant_id = :${p('ac_tenant')} AND lower(ac.login_user) = lower(:${p('ac_login')}))`,
        { [p('ac_tenant')]: f.scope.tenantId, [p('ac_login')]: f.loginUser },
      );
    }
    if (f.source !== undefined) qb.andWhere(`${alias}.source = :${p('source')}`, { [p('source')]: f.source });
    if (f.accountIds) qb.andWhere(`${alias}.account_id IN (:...${p('accounts')})`, { [p('accounts')]: [...f.accountIds] });
    if (!times) return;
    if (f.from) qb.andWhere(`${alias}.created_at >= :${p('from')}`, { [p('from')]: f.from });
    if (f.until) qb.andWhere(`${alias}.created_at < :${p('until')}`, { [p('until')]: f.until });
  }
}

/**
 * Presence rows (alias) with an item on a day of the run: for each year the run touches, the days'
 * mask (bit d-1 for day d) meets the row's days; years wholly inside an open end need any day.
 */
function presentInRun(alias: string, run: DayRun): { sql: string; params: ObjectLiteral } {
  const last = run.until ? addDays(run.until, -1) : null;
  if (run.from && last && run.from > last) return { sql: 'FALSE', params: {} };
  const year = (date: string) => Number(date.slice(0, 4));
  const any = `${alias}.days <> ${NO_DAY}`;
  const firstYear = run.from ? year(run.from) : null;
  const lastYear = last ? year(last) : null;
  if (firstYear === null && lastYear === null) return { sql: any, params: {} };
  const low = firstYear ?? (lastYear as number);
  const high = lastYear ?? (firstYear as number);
  const conditions: string[] = [];
  const params: ObjectLiteral = {};
  for (let y = low; y <= high; y++) {
    const first = run.from && y === firstYear ? dayOfYear(run.from) : 1;
    const end = last && y === lastYear ? dayOfYear(last) : 366;
    const name = `${alias}_days_${y}`;
    params[name] = '0'.repeat(first - 1) + '1'.repeat(end - first + 1) + '0'.repeat(366 - end);
    conditions.push(`(${alias}.year = ${y} AND (${alias}.days & CAST(:${name} AS bit(366))) <> ${NO_DAY})`);
  }
  if (firstYear === null) conditions.push(`(${alias}.year < ${low} AND ${any})`);
  if (lastYear === null) conditions.push(`(${alias}.year > ${high} AND ${any})`);
  return { sql: `(${conditions.join(' OR ')})`, params };
}
