import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EvalRecordCompanyIndex1795312024580 implements MigrationInterface {
  name = 'EvalRecordCompanyIndex1795312024580';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_553ad17f6663e7bd37b1bab1dd" ON "eval_record" ("tenant_id", "company_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_553ad17f6663e7bd37b1bab1dd"`);
  }
}
