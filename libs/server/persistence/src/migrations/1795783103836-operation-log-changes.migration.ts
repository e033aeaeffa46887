import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OperationLogChanges1795783103836 implements MigrationInterface {
  name = 'OperationLogChanges1795783103836';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "operation_log" ADD "company_id" integer`);
    await queryRunner.query(`ALTER TABLE "operation_log" ADD "target_type" character varying(40) NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "operation_log" ADD "target_id" character varying(40) NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "operation_log" ADD "changes" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "operation_log" DROP COLUMN "changes"`);
    await queryRunner.query(`ALTER TABLE "operation_log" DROP COLUMN "target_id"`);
    await queryRunner.query(`ALTER TABLE "operation_log" DROP COLUMN "target_type"`);
    await queryRunner.query(`ALTER TABLE "operation_log" DROP COLUMN "company_id"`);
  }
}
