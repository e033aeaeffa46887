import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DriftAlertRead1795877873960 implements MigrationInterface {
  name = 'DriftAlertRead1795877873960';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notify_outbox" ADD "resend_of" bigint`);
    await queryRunner.query(`ALTER TABLE "drift_alert" ADD "read_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "drift_alert" ADD "read_by" integer`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "drift_alert" DROP COLUMN "read_by"`);
    await queryRunner.query(`ALTER TABLE "drift_alert" DROP COLUMN "read_at"`);
    await queryRunner.query(`ALTER TABLE "notify_outbox" DROP COLUMN "resend_of"`);
  }
}
