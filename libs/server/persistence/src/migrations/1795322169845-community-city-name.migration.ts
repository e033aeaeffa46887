import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CommunityCityName1795322169845 implements MigrationInterface {
  name = 'CommunityCityName1795322169845';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_05dca0b692859e7c70cce6b651" ON "community" ("city_code", "name") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_05dca0b692859e7c70cce6b651"`);
  }
}
