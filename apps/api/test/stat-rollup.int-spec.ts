import type { DataSource, QueryRunner } from 'typeorm';
import { businessDate, dayOfYear } from '@valuation/domain';
import { openTestDataSource, type TestDatabase } from '@valuation/testing';
import { STAT_ORG_DAY_SLOTS, StatisticsRepository, type StatFilterData } from '@valuation/persistence';

/**
 * The statistics rollups (stat_org_day, stat_presence) against the items they stand for: after
 * inserts, updates and deletes on the three item tables, each rollup row equals what the items
 * give when counted afresh here.
 */
let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  ({ db, ds } = await openTestDataSource());
});

afterAll(async () => {
  await ds?.destroy();
  await db?.drop();
});

interface Item {
  tenant: number;
  company: number;
  organization: number;
  account: number;
  ha: string;
  source: number;
  sub: number;
  at: Date;
}

let serial = 0;

async function addRecord(i: Omit<Item, 'sub'> & { batch?: boolean }): Promise<string> {
  serial++;
  const [row] = await ds.query(
    `INSERT INTO eval_record (eval_code, root_eval_code, tenant_id, company_id, organization_id, account_id, eval_type, source, batch_task_id,
                              method, state, ha_code, city_code, city_name, prop_type, bldg_area, engine_version, input, result, created_at)
     VALUES ($1, $1, $2, $3, $4, $5, 1, $6, $7, 'fvSale', 1, $8, '110100', '北京市', 1, 80, 'test', '{}', '{}', $9) RETURNING id`,
    [`RT${serial}`, i.tenant, i.company, i.organization, i.account, i.source, i.batch ? 1 : null, i.ha || null, i.at],
  );
  return String(row.id);
}

/** An item of organisation 14 by its code, time and account, as one statement. */
const insertRecord = `INSERT INTO eval_record (eval_code, root_eval_code, tenant_id, company_id, organization_id, account_id, eval_type, source,
                                               method, state, ha_code, city_code, city_name, prop_type, bldg_area, engine_version, input, result, created_at)
                      VALUES ($1, $1, 1, 10, 14, $3, 1, 1, 'fvSale', 1, 'HA4', '110100', '北京市', 1, 80, 'test', '{}', '{}', $2)`;

async function addCase(i: Omit<Item, 'sub'> & { kind: string }): Promise<string> {
  serial++;
  const [row] = await ds.query(
    `INSERT INTO appraisal_case (case_no, kind, tenant_id, company_id, organization_id, account_id, machine_state, context, state, eval_type,
                                 city_code, city_name, ha_code, due_at, created_at, updated_at, source)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', '{}', 1, 1, '110100', '北京市', $7, $8, $8, $8, $9) RETURNING id`,
    [`CT${serial}`, i.kind, i.tenant, i.company, i.organization, i.account, i.ha || null, i.at, i.source],
  );
  return String(row.id);
}

async function addReport(recordId: string, type: number, state: number, at: Date): Promise<string> {
  serial++;
  const [row] = await ds.query(
    `INSERT INTO eval_report (report_code, report_type, eval_code, eval_record_id, tenant_id, company_id, organization_id, account_id,
                              state, document, charge, created_at, updated_at, source)
     SELECT $1, $2::smallint, r.eval_code || '-' || $2::text, r.id, r.tenant_id, r.company_id, r.organization_id, r.account_id, $3, '{}', '{}', $4, $4, r.source
       FROM eval_record r WHERE r.id = $5 RETURNING id`,
    [`BT${serial}`, type, state, at, recordId],
  );
  return String(row.id);
}

/** Every counted item, read from the item tables and sorted into the statistics' sub-methods here. */
async function items(): Promise<Item[]> {
  const rows: Record<string, unknown>[] = await ds.query(`
    SELECT tenant_id, company_id, organization_id, account_id, coalesce(ha_code, '') AS ha, source,
           CASE WHEN batch_task_id IS NULL THEN 11 ELSE 12 END AS sub, created_at AS at FROM eval_record
    UNION ALL
    SELECT tenant_id, company_id, organization_id, account_id, coalesce(ha_code, ''), source,
           CASE kind WHEN 'artificial' THEN 13 WHEN 'review' THEN 14 END, created_at FROM appraisal_case
    UNION ALL
    SELECT e.tenant_id, e.company_id, e.organization_id, e.account_id, coalesce(r.ha_code, ''), e.source, 20 + e.report_type, e.created_at
      FROM eval_report e LEFT JOIN eval_record r ON r.id = e.eval_record_id WHERE e.state <> 3`);
  return rows
    .filter((r) => r.sub !== null)
    .map((r) => ({
      tenant: Number(r.tenant_id),
      company: Number(r.company_id),
      organization: Number(r.organization_id),
      account: Number(r.account_id),
      ha: String(r.ha),
      source: Number(r.source),
      sub: Number(r.sub),
      at: new Date(r.at as string),
    }));
}

const COLUMN: Record<number, string> = { 11: 'rapid', 12: 'batch', 13: 'manual', 14: 'repeat', 21: 'inquiry', 22: 'advisory' };

/** One organisation-day's counts: the sums of its slots. */
const DAY_TOTALS = ['rapid', 'batch', 'manual', 'repeat', 'inquiry', 'advisory'].map((c) => `sum(${c})::int AS ${c}`).join(', ');

/** The rollups as they are, and as the items say they should be. */
async function rollupsAndExpected() {
  const expectedCounts = new Map<string, Record<string, number>>();
  const expectedDays = new Map<string, Set<number>>();
  for (const i of await items()) {
    const day = businessDate(i.at);
    const countKey = [i.tenant, i.company, i.organization, day, i.source].join('|');
    const counts = expectedCounts.get(countKey) ?? { rapid: 0, batch: 0, manual: 0, repeat: 0, inquiry: 0, advisory: 0 };
    counts[COLUMN[i.sub]]++;
    expectedCounts.set(countKey, counts);
    const presenceKey = [i.tenant, i.company, i.organization, i.account, i.ha, i.source, i.sub, day.slice(0, 4)].join('|');
    expectedDays.set(presenceKey, (expectedDays.get(presenceKey) ?? new Set()).add(dayOfYear(day)));
  }
  const counts = new Map<string, Record<string, number>>();
  const dayRows: Record<string, unknown>[] = await ds.query(
    `SELECT * FROM (
       SELECT tenant_id, company_id, organization_id, to_char(day, 'YYYY-MM-DD') AS day, source, ${DAY_TOTALS}
         FROM stat_org_day GROUP BY tenant_id, company_id, organization_id, day, source) d
      WHERE (rapid, batch, manual, repeat, inquiry, advisory) <> (0, 0, 0, 0, 0, 0)`,
  );
  for (const r of dayRows) {
    counts.set([r.tenant_id, r.company_id, r.organization_id, r.day, r.source].join('|'), {
      rapid: r.rapid as number,
      batch: r.batch as number,
      manual: r.manual as number,
      repeat: r.repeat as number,
      inquiry: r.inquiry as number,
      advisory: r.advisory as number,
    });
  }
  const days = new Map<string, Set<number>>();
  const presenceRows: Record<string, unknown>[] = await ds.query(
    `SELECT tenant_id, company_id, organization_id, account_id, ha_code, source, sub, year, days::text AS days
       FROM stat_presence WHERE days <> B'0'::bit(366)`,
  );
  for (const r of presenceRows) {
    const set = new Set<number>();
    [...String(r.days)].forEach((bit, index) => bit === '1' && set.add(index + 1));
    days.set([r.tenant_id, r.company_id, r.organization_id, r.account_id, r.ha_code, r.source, r.sub, r.year].join('|'), set);
  }
  return { counts, expectedCounts, days, expectedDays };
}

async function expectRollupsToMatchItems() {
  const { counts, expectedCounts, days, expectedDays } = await rollupsAndExpected();
  expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(expectedCounts));
  expect(Object.fromEntries([...days].map(([k, v]) => [k, [...v].sort((a, b) => a - b)]))).toEqual(
    Object.fromEntries([...expectedDays].map(([k, v]) => [k, [...v].sort((a, b) => a - b)])),
  );
}

// 23:30 on 31 December and 00:30 on 1 January in Beijing: two business days of two years.
const newYearsEve = new Date('2025-12-31T15:30:00Z');
const newYearsDay = new Date('2025-12-31T16:30:00Z');
const spring = new Date('2026-03-10T02:00:00Z');
const owner = { tenant: 1, company: 10, organization: 11, account: 100, source: 1 };

describe('the statistics rollups', () => {
  it('count quick and batch valuations, cases and reports per organisation, day and source, and mark their days', async () => {
    const a = await addRecord({ ...owner, ha: 'HA1', at: newYearsEve });
    await addRecord({ ...owner, ha: 'HA1', at: newYearsDay });
    await addRecord({ ...owner, ha: '', at: newYearsDay, source: 2 });
    await addRecord({ ...owner, ha: 'HA2', at: spring, batch: true });
    await addRecord({ tenant: 2, company: 20, organization: 21, account: 200, source: 3, ha: 'HA1', at: spring });
    await addCase({ ...owner, ha: 'HA1', at: spring, kind: 'artificial' });
    await addCase({ ...owner, ha: 'HA2', at: spring, kind: 'review' });
    await addCase({ ...owner, ha: 'HA2', at: spring, kind: 'objection' });
    await addReport(a, 1, 2, spring);
    await addReport(a, 2, 3, spring);
    await expectRollupsToMatchItems();

    const [day] = await ds.query(`SELECT ${DAY_TOTALS} FROM stat_org_day WHERE organization_id = 11 AND day = '2026-03-10' AND source = 1`);
    expect(day).toEqual({ rapid: 0, batch: 1, manual: 1, repeat: 1, inquiry: 1, advisory: 0 });
  });

  it('follow a report that fails and is ordered again, a record moved to another organisation and deleted items', async () => {
    const record = await addRecord({ ...owner, ha: 'HA3', at: spring });
    const report = await addReport(record, 2, 1, spring);
    await ds.query(`UPDATE eval_report SET state = 3 WHERE id = $1`, [report]);
    await expectRollupsToMatchItems();
    await ds.query(`UPDATE eval_report SET state = 1, created_at = $2 WHERE id = $1`, [report, newYearsDay]);
    await expectRollupsToMatchItems();

    await ds.query(`UPDATE eval_record SET organization_id = 12 WHERE id = $1`, [record]);
    await expectRollupsToMatchItems();

    // One of two items of a day goes: the day stays marked; the second goes too: the day is cleared.
    const twin = await addRecord({ ...owner, ha: 'HA3', at: spring });
    await ds.query(`DELETE FROM eval_report WHERE eval_record_id = $1`, [record]);
    await ds.query(`DELETE FROM eval_record WHERE id = $1`, [record]);
    await expectRollupsToMatchItems();
    await ds.query(`DELETE FROM eval_record WHERE id = $1`, [twin]);
    await expectRollupsToMatchItems();
    await ds.query(`DELETE FROM appraisal_case WHERE kind = 'review'`);
    await expectRollupsToMatchItems();
  });

  it('stay exact when many writers add items of the same days at once', async () => {
    const writes = Array.from({ length: 12 }, (_, w) =>
      ds.transaction(async (m) => {
        const values = Array.from({ length: 20 }, (_, k) => {
          const ha = `HB${(w * 7 + k) % 9}`;
          return `('RC${w}-${k}', 'RC${w}-${k}', 1, 10, 11, ${100 + (k % 3)}, 1, 1, ${k % 2 ? 1 : 'NULL'}, 'fvSale', 1, '${ha}', '110100', '北京市', 1, 80, 'test', '{}', '{}', now())`;
        });
        await m.query(
          `INSERT INTO eval_record (eval_code, root_eval_code, tenant_id, company_id, organization_id, account_id, eval_type, source, batch_task_id,
                                    method, state, ha_code, city_code, city_name, prop_type, bldg_area, engine_version, input, result, created_at)
           VALUES ${values.join(', ')}`,
        );
      }),
    );
    await Promise.all(writes);
    await expectRollupsToMatchItems();
  });

  it("let one organisation's writers on different connections count the same day without waiting for each other", async () => {
    // Two connections of different slots; the pool's connections are tried until two differ.
    const runners = [];
    const slots = new Map<number, QueryRunner>();
    while (slots.size < 2) {
      const runner = ds.createQueryRunner();
      runners.push(runner);
      const [{ slot }] = await runner.query(`SELECT pg_backend_pid() % ${STAT_ORG_DAY_SLOTS} AS slot`);
      if (!slots.has(slot)) slots.set(slot, runner);
    }
    const [first, second] = [...slots.values()];
    const today = new Date();
    try {
      await first.startTransaction();
      await first.query(insertRecord, ['RW1', today, 140]);
      // Two users of the organisation: the first transaction holds its slot's row of the day, the second must not queue behind it.
      await second.query(`SET lock_timeout = '2s'`);
      await second.query(insertRecord, ['RW2', today, 141]);
      await first.commitTransaction();
    } finally {
      if (first.isTransactionActive) await first.rollbackTransaction();
      await second.query(`RESET lock_timeout`);
      await Promise.all(runners.map((r) => r.release()));
    }
    const rows = await ds.query(`SELECT slot, rapid FROM stat_org_day WHERE organization_id = 14 AND day = $1 ORDER BY slot`, [
      businessDate(today),
    ]);
    expect(rows).toEqual([...slots.keys()].sort((a, b) => a - b).map((slot) => ({ slot, rapid: 1 })));
    await expectRollupsToMatchItems();
  });

  it('give the statistics the totals every item gives, own items filed under an organisation outside the range included', async () => {
    await addRecord({ ...owner, organization: 13, ha: 'HA9', at: spring });
    await addRecord({ ...owner, account: 101, organization: 13, ha: 'HA9', at: spring });
    const statistics = new StatisticsRepository(ds);
    const filter: StatFilterData = {
      scope: { tenantId: 1, companyId: 10, accountId: 100, organizationId: 11, range: 'organization' },
      from: null,
      until: null,
      subMethods: [11, 12, 13, 14, 21, 22],
    };
    const page = { pageIndex: 1, pageSize: 10 };
    const rolled = await statistics.summary(filter, 'organization', page);
    // A bound inside a day: the rollups cannot answer, every item is summed.
    const summed = await statistics.summary({ ...filter, from: new Date('2000-01-01T00:00:00.001Z') }, 'organization', page);
    expect(rolled).toEqual(summed);
    expect(rolled.rows.map((r) => [r.organizationId, r.accountId])).toEqual([
      [11, 100],
      [11, 101],
      [11, 102],
      [13, 100],
    ]);
    expect(rolled.totals.items).toBe(rolled.rows.reduce((n, r) => n + r.rapid + r.batch + r.manual + r.repeat + r.inquiry + r.advisory, 0));
  });
});
