import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RevalCharge1795888509074 implements MigrationInterface {
  name = 'RevalCharge1795888509074';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organization" ADD "reval_charge" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "reval_run" ADD "payer_id" integer`);
    await queryRunner.query(`ALTER TABLE "reval_run" ADD "reservations" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "reval_run" ADD "refunded" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reval_run" DROP COLUMN "refunded"`);
    await queryRunner.query(`ALTER TABLE "reval_run" DROP COLUMN "reservations"`);
    await queryRunner.query(`ALTER TABLE "reval_run" DROP COLUMN "payer_id"`);
    await queryRunner.query(`ALTER TABLE "organization" DROP COLUMN "reval_charge"`);
  }
}
