import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Assets1795796750738 implements MigrationInterface {
  name = 'Assets1795796750738';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "asset_type" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "name" character varying(20) NOT NULL, "remark" character varying(100) NOT NULL DEFAULT '', "created_by" integer, "create_name" character varying(20), "updated_by" integer, "update_name" character varying(20), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9b5ee2748943131ed9d9831e8c9" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_fe32bb7ee3bd2d1aae02598a00" ON "asset_type" ("tenant_id", "company_id") `);
    await queryRunner.query(`CREATE TABLE "asset" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "account_id" integer NOT NULL, "eval_record_id" bigint NOT NULL, "root_eval_code" character varying(32) NOT NULL, "asset_type_id" integer, "added_by" integer NOT NULL, "added_name" character varying(20) NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1209d107fe21482beaea51b745e" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_ac8cf0356d842c3d88fbbba4e7" ON "asset" ("asset_type_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_3a880438f0828dc1391b576e37" ON "asset" ("tenant_id", "company_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_b928d79558e2affe8cc0d0fe5e" ON "asset" ("tenant_id", "company_id", "root_eval_code") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_b928d79558e2affe8cc0d0fe5e"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3a880438f0828dc1391b576e37"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ac8cf0356d842c3d88fbbba4e7"`);
    await queryRunner.query(`DROP TABLE "asset"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fe32bb7ee3bd2d1aae02598a00"`);
    await queryRunner.query(`DROP TABLE "asset_type"`);
  }
}
