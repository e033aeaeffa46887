import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LoanBook1795877835812 implements MigrationInterface {
  name = 'LoanBook1795877835812';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "batch_task" ADD "book" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "batch_task" DROP COLUMN "book"`);
  }
}
