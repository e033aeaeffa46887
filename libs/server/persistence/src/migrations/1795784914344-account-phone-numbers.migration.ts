import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Account phone numbers take up to 100 characters (several numbers separated by commas); the stored numbers are kept. */
export class AccountPhoneNumbers1795784914344 implements MigrationInterface {
  name = 'AccountPhoneNumbers1795784914344';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "account" ALTER COLUMN "mobile_phone" TYPE character varying(100)`);
    await queryRunner.query(`ALTER TABLE "tenant_staff" ALTER COLUMN "mobile_phone" TYPE character varying(100)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenant_staff" ALTER COLUMN "mobile_phone" TYPE character varying(20)`);
    await queryRunner.query(`ALTER TABLE "account" ALTER COLUMN "mobile_phone" TYPE character varying(20)`);
  }
}
