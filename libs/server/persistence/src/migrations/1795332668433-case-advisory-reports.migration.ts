import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Advisory reports of answered manual enquiries and re-appraisals, kept with the reports of valuations. */
export class CaseAdvisoryReports1795332668433 implements MigrationInterface {
  name = 'CaseAdvisoryReports1795332668433';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "eval_report" ADD "case_id" bigint`);
    await queryRunner.query(`ALTER TABLE "eval_report" ALTER COLUMN "eval_record_id" DROP NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_8f7c15a658e2206cbbcc241103" ON "eval_report" ("case_id") WHERE case_id IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_8f7c15a658e2206cbbcc241103"`);
    await queryRunner.query(`DELETE FROM "eval_report" WHERE "case_id" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "eval_report" ALTER COLUMN "eval_record_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "eval_report" DROP COLUMN "case_id"`);
  }
}
