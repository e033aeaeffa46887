import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StatisticsSources1795796803967 implements MigrationInterface {
  name = 'StatisticsSources1795796803967';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "eval_record" ADD "batch_task_id" bigint`);
    // Records stored for valued batch rows name their task (the statistics count them as batch valuations).
    await queryRunner.query(
      `UPDATE "eval_record" r SET "batch_task_id" = i."task_id" FROM "batch_item" i WHERE i."eval_code" = r."eval_code" AND i."state" = 1`,
    );
    await queryRunner.query(`ALTER TABLE "batch_task" ADD "source" smallint NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE "eval_report" ADD "source" smallint NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE "appraisal_case" ADD "source" smallint NOT NULL DEFAULT '1'`);
    await queryRunner.query(`CREATE INDEX "IDX_b6d62a74f8d7e0bbb33e5d1268" ON "eval_report" ("tenant_id", "company_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_b6d62a74f8d7e0bbb33e5d1268"`);
    await queryRunner.query(`ALTER TABLE "appraisal_case" DROP COLUMN "source"`);
    await queryRunner.query(`ALTER TABLE "eval_report" DROP COLUMN "source"`);
    await queryRunner.query(`ALTER TABLE "batch_task" DROP COLUMN "source"`);
    await queryRunner.query(`ALTER TABLE "eval_record" DROP COLUMN "batch_task_id"`);
  }
}
