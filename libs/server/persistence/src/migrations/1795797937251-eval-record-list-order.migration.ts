import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EvalRecordListOrder1795797937251 implements MigrationInterface {
  name = 'EvalRecordListOrder1795797937251';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_553ad17f6663e7bd37b1bab1dd"`);
    await queryRunner.query(`CREATE INDEX "IDX_f04f58e662db5ef9252c686250" ON "eval_record" ("tenant_id", "company_id", "created_at", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_f04f58e662db5ef9252c686250"`);
    await queryRunner.query(`CREATE INDEX "IDX_553ad17f6663e7bd37b1bab1dd" ON "eval_record" ("tenant_id", "company_id", "created_at") `);
  }
}
