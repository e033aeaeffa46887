import type { MigrationInterface, QueryRunner } from 'typeorm';
import { STAT_ORG_DAY_APPLY, STAT_PRESENCE_APPLY } from './1795806341138-stat-rollups.migration';

/** The writing connection's slot: 16 slots, so up to 16 connections count one day without meeting. */
const SLOT = '(pg_backend_pid() % 16)::smallint';

/** STAT_ORG_DAY_APPLY with each count added to the row of the writing connection's slot. */
const SLOTTED_ORG_DAY_APPLY = `
        INSERT INTO stat_org_day AS s (tenant_id, company_id, organization_id, day, source, slot, rapid, batch, manual, repeat, inquiry, advisory)
        SELECT * FROM (
          SELECT tenant_id, company_id, organization_id, day, source, ${SLOT} AS slot,
                 coalesce(sum(delta) FILTER (WHERE sub = 11), 0)::int AS rapid, coalesce(sum(delta) FILTER (WHERE sub = 12), 0)::int AS batch,
                 coalesce(sum(delta) FILTER (WHERE sub = 13), 0)::int AS manual, coalesce(sum(delta) FILTER (WHERE sub = 14), 0)::int AS repeat,
                 coalesce(sum(delta) FILTER (WHERE sub = 21), 0)::int AS inquiry, coalesce(sum(delta) FILTER (WHERE sub = 22), 0)::int AS advisory
            FROM unnest(changes)
           GROUP BY tenant_id, company_id, organization_id, day, source) g
         WHERE (rapid, batch, manual, repeat, inquiry, advisory) <> (0, 0, 0, 0, 0, 0)
         ORDER BY tenant_id, company_id, organization_id, day, source
        ON CONFLICT (tenant_id, company_id, organization_id, day, source, slot) DO UPDATE
          SET rapid = s.rapid + EXCLUDED.rapid, batch = s.batch + EXCLUDED.batch, manual = s.manual + EXCLUDED.manual,
              repeat = s.repeat + EXCLUDED.repeat, inquiry = s.inquiry + EXCLUDED.inquiry, advisory = s.advisory + EXCLUDED.advisory;`;

const applyFunction = (orgDay: string) => `CREATE OR REPLACE FUNCTION stat_apply(changes stat_change[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        ${orgDay}
        ${STAT_PRESENCE_APPLY}
      END
    $$`;

/**
 * An organisation's count of a day was one row, updated by every valuation, case and report it
 * wrote that day: its writers queued on that row's lock until each commit, so one slow commit held
 * up all the organisation's others. The count is now split by the writing connection into slots
 * (readers already sum rows), and the existing counts are slot 0.
 */
export class StatOrgDaySlots1795867286642 implements MigrationInterface {
  name = 'StatOrgDaySlots1795867286642';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stat_org_day" ADD "slot" smallint NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "stat_org_day" DROP CONSTRAINT "PK_a1c462821f66c0520bf121a0907"`);
    await queryRunner.query(
      `ALTER TABLE "stat_org_day" ADD CONSTRAINT "PK_a4a3313cca66359b40d1e1543a0" PRIMARY KEY ("tenant_id", "company_id", "organization_id", "day", "source", "slot")`,
    );
    await queryRunner.query(applyFunction(SLOTTED_ORG_DAY_APPLY));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(applyFunction(STAT_ORG_DAY_APPLY));
    // Each count's slots summed into slot 0, then the other slots dropped.
    const counts = ['rapid', 'batch', 'manual', 'repeat', 'inquiry', 'advisory'];
    await queryRunner.query(`INSERT INTO stat_org_day (tenant_id, company_id, organization_id, day, source, slot, ${counts.join(', ')})
      SELECT tenant_id, company_id, organization_id, day, source, 0, ${counts.map((c) => `sum(${c})::int`).join(', ')}
        FROM stat_org_day GROUP BY tenant_id, company_id, organization_id, day, source
      ON CONFLICT (tenant_id, company_id, organization_id, day, source, slot) DO UPDATE
        SET ${counts.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`);
    await queryRunner.query(`DELETE FROM stat_org_day WHERE slot <> 0`);
    await queryRunner.query(`ALTER TABLE "stat_org_day" DROP CONSTRAINT "PK_a4a3313cca66359b40d1e1543a0"`);
    await queryRunner.query(`ALTER TABLE "stat_org_day" DROP COLUMN "slot"`);
    await queryRunner.query(
      `ALTER TABLE "stat_org_day" ADD CONSTRAINT "PK_a1c462821f66c0520bf121a0907" PRIMARY KEY ("tenant_id", "company_id", "organization_id", "day", "source")`,
    );
  }
}
