import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A mobile number is unique among the accounts of one tenant, not across tenants: another tenant's
 * use of a number is none of a user's business, and must not be revealed when the user edits theirs.
 */
export class MobileUniquePerTenant1795626366103 implements MigrationInterface {
  name = 'MobileUniquePerTenant1795626366103';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_fb542903e556c8a7b3effdb00f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c63eb66f502fc52f5bb0baa60a"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_35ce6c8fa8a7fc73520726d768" ON "account" ("tenant_id", "mobile_phone") WHERE mobile_phone IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_ca0179b619a611bdd83e60b532" ON "tenant_staff" ("tenant_id", "mobile_phone") WHERE mobile_phone IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_ca0179b619a611bdd83e60b532"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_35ce6c8fa8a7fc73520726d768"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_c63eb66f502fc52f5bb0baa60a" ON "tenant_staff" ("mobile_phone") WHERE mobile_phone IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_fb542903e556c8a7b3effdb00f" ON "account" ("mobile_phone") WHERE mobile_phone IS NOT NULL`);
  }
}
