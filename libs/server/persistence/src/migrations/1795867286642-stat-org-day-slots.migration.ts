import type { MigrationInterface, QueryRunner } from 'typeorm';
import { STAT_PRESENCE_APPLY, statOrgDayApply } from './1795806341138-stat-rollups.migration';

/** The writing connection's slot: 16 slots, so up to 16 connections count one day without meeting. */
const SLOT = '(pg_backend_pid() % 16)::smallint';

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
    await queryRunner.query(applyFunction(statOrgDayApply(SLOT)));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(applyFunction(statOrgDayApply()));
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
