import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Appraisal cases are found by their source case: the re-appraisals of a case, along a chain of them. */
export class CaseSourceIndex1795556237808 implements MigrationInterface {
  name = 'CaseSourceIndex1795556237808';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_5763d6b054d4fa0b87c86a16a5" ON "appraisal_case" ("source_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_5763d6b054d4fa0b87c86a16a5"`);
  }
}
