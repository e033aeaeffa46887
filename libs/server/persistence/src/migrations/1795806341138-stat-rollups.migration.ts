import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The business day of an item's time (the statistics' day), in the zone the rollups are kept in. */
const DAY = (column: string) => `(${column} AT TIME ZONE 'Asia/Shanghai')::date`;

/**
 * Each item table's rows (`rows`: the table or a trigger's transition table) as the statistics'
 * items: owner, community ('' for none), source, sub-method and business day, one per counted row.
 */
const ITEMS = {
  eval_record: (rows: string) => `
    SELECT tenant_id, company_id, organization_id, account_id, coalesce(ha_code, '')::varchar(32) AS ha_code, source,
           (CASE WHEN batch_task_id IS NULL THEN 11 ELSE 12 END)::smallint AS sub, ${DAY('created_at')} AS day
      FROM ${rows}`,
  appraisal_case: (rows: string) => `
    SELECT tenant_id, company_id, organization_id, account_id, coalesce(ha_code, '')::varchar(32) AS ha_code, source,
           (CASE WHEN kind = 'artificial' THEN 13 ELSE 14 END)::smallint AS sub, ${DAY('created_at')} AS day
      FROM ${rows}
     WHERE kind IN ('artificial', 'review')`,
  eval_report: (rows: string) => `
    SELECT tenant_id, company_id, organization_id, account_id,
           coalesce((SELECT sc.ha_code FROM appraisal_case sc WHERE sc.id = case_id),
                    (SELECT sr.ha_code FROM eval_record sr WHERE sr.id = eval_record_id), '')::varchar(32) AS ha_code,
           source, (CASE WHEN report_type = 1 THEN 21 ELSE 22 END)::smallint AS sub, ${DAY('created_at')} AS day
      FROM ${rows}
     WHERE report_type IN (1, 2) AND state <> 3`,
} as const;

const KEY = 'tenant_id, company_id, organization_id, account_id, ha_code, source, sub';

/**
 * stat_apply's count of a change set's items per organisation, day and source; with `slot` (an SQL
 * expression), into the row of that slot.
 */
export const statOrgDayApply = (slot?: string) => `
        INSERT INTO stat_org_day AS s (tenant_id, company_id, organization_id, day, source, ${slot ? 'slot, ' : ''}rapid, batch, manual, repeat, inquiry, advisory)
        SELECT * FROM (
          SELECT tenant_id, company_id, organization_id, day, source,${slot ? ` ${slot} AS slot,` : ''}
                 coalesce(sum(delta) FILTER (WHERE sub = 11), 0)::int AS rapid, coalesce(sum(delta) FILTER (WHERE sub = 12), 0)::int AS batch,
                 coalesce(sum(delta) FILTER (WHERE sub = 13), 0)::int AS manual, coalesce(sum(delta) FILTER (WHERE sub = 14), 0)::int AS repeat,
                 coalesce(sum(delta) FILTER (WHERE sub = 21), 0)::int AS inquiry, coalesce(sum(delta) FILTER (WHERE sub = 22), 0)::int AS advisory
            FROM unnest(changes)
           GROUP BY tenant_id, company_id, organization_id, day, source) g
         WHERE (rapid, batch, manual, repeat, inquiry, advisory) <> (0, 0, 0, 0, 0, 0)
         ORDER BY tenant_id, company_id, organization_id, day, source
        ON CONFLICT (tenant_id, company_id, organization_id, day, source${slot ? ', slot' : ''}) DO UPDATE
          SET rapid = s.rapid + EXCLUDED.rapid, batch = s.batch + EXCLUDED.batch, manual = s.manual + EXCLUDED.manual,
              repeat = s.repeat + EXCLUDED.repeat, inquiry = s.inquiry + EXCLUDED.inquiry, advisory = s.advisory + EXCLUDED.advisory;`;

/** stat_apply's marks of a change set's days in stat_presence: set for items added, cleared for the last item gone. */
export const STAT_PRESENCE_APPLY = `
        INSERT INTO stat_presence AS p (${KEY}, year, days)
        SELECT ${KEY}, year, days FROM (
          SELECT ${KEY}, extract(year FROM day)::smallint AS year, bit_or(stat_day_bit(day)) AS days
            FROM unnest(changes) WHERE delta > 0
           GROUP BY ${KEY}, extract(year FROM day)) a
         WHERE NOT EXISTS (
           SELECT 1 FROM stat_presence q
            WHERE (q.tenant_id, q.company_id, q.organization_id, q.account_id, q.ha_code, q.source, q.sub, q.year)
                = (a.tenant_id, a.company_id, a.organization_id, a.account_id, a.ha_code, a.source, a.sub, a.year)
              AND (q.days | a.days) = q.days)
         ORDER BY ${KEY}, year
        ON CONFLICT (${KEY}, year) DO UPDATE SET days = p.days | EXCLUDED.days;

        UPDATE stat_presence p SET days = p.days & ~r.days
          FROM (
            SELECT ${KEY}, extract(year FROM day)::smallint AS year, bit_or(stat_day_bit(day)) AS days
              FROM (SELECT DISTINCT ${KEY}, day FROM unnest(changes) WHERE delta < 0
                    EXCEPT SELECT DISTINCT ${KEY}, day FROM unnest(changes) WHERE delta > 0) gone
             WHERE NOT stat_item_left(ROW(${KEY}, day, 0)::stat_change)
             GROUP BY ${KEY}, extract(year FROM day)) r
         WHERE (p.tenant_id, p.company_id, p.organization_id, p.account_id, p.ha_code, p.source, p.sub, p.year)
             = (r.tenant_id, r.company_id, r.organization_id, r.account_id, r.ha_code, r.source, r.sub, r.year);`;

/**
 * The usage statistics' rollups: stat_org_day counts the items per organisation, business day and
 * source; stat_presence marks on which days of a year an account had items of a sub-method and
 * source for a community. Statement triggers on the three item tables keep both exact in the
 * writing transaction (rows locked in key order, so concurrent writers cannot deadlock, and a day
 * already marked is not locked at all); the existing items are counted once here.
 */
export class StatRollups1795806341138 implements MigrationInterface {
  name = 'StatRollups1795806341138';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "stat_org_day" ("tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "day" date NOT NULL, "source" smallint NOT NULL, "rapid" integer NOT NULL DEFAULT '0', "batch" integer NOT NULL DEFAULT '0', "manual" integer NOT NULL DEFAULT '0', "repeat" integer NOT NULL DEFAULT '0', "inquiry" integer NOT NULL DEFAULT '0', "advisory" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_a1c462821f66c0520bf121a0907" PRIMARY KEY ("tenant_id", "company_id", "organization_id", "day", "source"))`);
    await queryRunner.query(`CREATE TABLE "stat_presence" ("tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "account_id" integer NOT NULL, "ha_code" character varying(32) NOT NULL, "source" smallint NOT NULL, "sub" smallint NOT NULL, "year" smallint NOT NULL, "days" bit(366) NOT NULL, CONSTRAINT "PK_33e9a72df22460b5ea50cfaff14" PRIMARY KEY ("tenant_id", "company_id", "organization_id", "account_id", "ha_code", "source", "sub", "year"))`);

    await queryRunner.query(`CREATE TYPE stat_change AS (
      tenant_id integer, company_id integer, organization_id integer, account_id integer, ha_code varchar(32),
      source smallint, sub smallint, day date, delta integer)`);
    await queryRunner.query(`CREATE FUNCTION stat_day_bit(d date) RETURNS bit(366) LANGUAGE sql IMMUTABLE AS
      $$ SELECT B'1'::bit(366) >> (extract(doy FROM d)::int - 1) $$`);
    // Whether an item of the change's key is left on its day (after a delete or an update moved one away).
    await queryRunner.query(`CREATE FUNCTION stat_item_left(c stat_change) RETURNS boolean LANGUAGE sql STABLE AS $$
      SELECT EXISTS (
        SELECT 1 FROM (
          ${ITEMS.eval_record(`(SELECT * FROM eval_record r
              WHERE c.sub IN (11, 12) AND r.tenant_id = c.tenant_id AND r.account_id = c.account_id
                AND r.created_at >= c.day::timestamp AT TIME ZONE 'Asia/Shanghai'
                AND r.created_at < (c.day + 1)::timestamp AT TIME ZONE 'Asia/Shanghai') x`)}
          UNION ALL
          ${ITEMS.appraisal_case(`(SELECT * FROM appraisal_case a
              WHERE c.sub IN (13, 14) AND a.tenant_id = c.tenant_id AND a.company_id = c.company_id
                AND a.created_at >= c.day::timestamp AT TIME ZONE 'Asia/Shanghai'
                AND a.created_at < (c.day + 1)::timestamp AT TIME ZONE 'Asia/Shanghai') x`)}
          UNION ALL
          ${ITEMS.eval_report(`(SELECT * FROM eval_report e
              WHERE c.sub IN (21, 22) AND e.tenant_id = c.tenant_id AND e.account_id = c.account_id
                AND e.created_at >= c.day::timestamp AT TIME ZONE 'Asia/Shanghai'
                AND e.created_at < (c.day + 1)::timestamp AT TIME ZONE 'Asia/Shanghai') x`)}
        ) i
        WHERE (${KEY}, day) = (c.tenant_id, c.company_id, c.organization_id, c.account_id, c.ha_code, c.source, c.sub, c.day))
    $$`);
    await queryRunner.query(`CREATE FUNCTION stat_apply(changes stat_change[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        ${statOrgDayApply()}
        ${STAT_PRESENCE_APPLY}
      END
    $$`);

    for (const [table, items] of Object.entries(ITEMS)) {
      const change = (rows: string, delta: number) =>
        `SELECT ROW(${KEY}, day, ${delta})::stat_change FROM (${items(rows)}) i`;
      await queryRunner.query(`CREATE FUNCTION stat_${table}_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM stat_apply(ARRAY(${change('new_rows', 1)}));
          ELSIF TG_OP = 'UPDATE' THEN
            PERFORM stat_apply(ARRAY(${change('new_rows', 1)} UNION ALL ${change('old_rows', -1)}));
          ELSE
            PERFORM stat_apply(ARRAY(${change('old_rows', -1)}));
          END IF;
          RETURN NULL;
        END
      $$`);
      await queryRunner.query(`CREATE TRIGGER stat_${table}_inserted AFTER INSERT ON ${table}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_${table}_changed()`);
      await queryRunner.query(`CREATE TRIGGER stat_${table}_updated AFTER UPDATE ON ${table}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_${table}_changed()`);
      await queryRunner.query(`CREATE TRIGGER stat_${table}_deleted AFTER DELETE ON ${table}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_${table}_changed()`);
    }

    const all = Object.entries(ITEMS)
      .map(([table, items]) => items(table))
      .join(' UNION ALL ');
    await queryRunner.query(`INSERT INTO stat_org_day (tenant_id, company_id, organization_id, day, source, rapid, batch, manual, repeat, inquiry, advisory)
      SELECT tenant_id, company_id, organization_id, day, source,
             count(*) FILTER (WHERE sub = 11), count(*) FILTER (WHERE sub = 12), count(*) FILTER (WHERE sub = 13),
             count(*) FILTER (WHERE sub = 14), count(*) FILTER (WHERE sub = 21), count(*) FILTER (WHERE sub = 22)
        FROM (${all}) i
       GROUP BY tenant_id, company_id, organization_id, day, source`);
    await queryRunner.query(`INSERT INTO stat_presence (${KEY}, year, days)
      SELECT ${KEY}, extract(year FROM day)::smallint, bit_or(stat_day_bit(day))
        FROM (${all}) i
       GROUP BY ${KEY}, extract(year FROM day)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of Object.keys(ITEMS)) {
      for (const event of ['inserted', 'updated', 'deleted']) await queryRunner.query(`DROP TRIGGER stat_${table}_${event} ON ${table}`);
      await queryRunner.query(`DROP FUNCTION stat_${table}_changed()`);
    }
    await queryRunner.query(`DROP FUNCTION stat_apply(stat_change[])`);
    await queryRunner.query(`DROP FUNCTION stat_item_left(stat_change)`);
    await queryRunner.query(`DROP FUNCTION stat_day_bit(date)`);
    await queryRunner.query(`DROP TYPE stat_change`);
    await queryRunner.query(`DROP TABLE "stat_presence"`);
    await queryRunner.query(`DROP TABLE "stat_org_day"`);
  }
}
