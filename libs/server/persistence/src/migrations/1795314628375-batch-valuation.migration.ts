import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BatchValuation1795314628375 implements MigrationInterface {
  name = 'BatchValuation1795314628375';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "batch_task" ("id" BIGSERIAL NOT NULL, "batch_id" character varying(32) NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "account_id" integer NOT NULL, "task_name" character varying(15) NOT NULL, "recv_phone" character varying(13), "file_key" character varying(200) NOT NULL, "file_name" character varying(200) NOT NULL, "state" smallint NOT NULL, "eval_total" integer NOT NULL, "processed" integer NOT NULL DEFAULT '0', "eval_success" integer NOT NULL DEFAULT '0', "eval_fail" integer NOT NULL DEFAULT '0', "eval_error" integer NOT NULL DEFAULT '0', "eval_amount" numeric(18,2) NOT NULL DEFAULT '0', "reservations" jsonb NOT NULL DEFAULT '[]', "refunded" boolean NOT NULL DEFAULT false, "error_reason" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6cbbb305cb455fc93e4f31a60b5" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_a5fdd0c456845af6e73de20fd8" ON "batch_task" ("batch_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_4cf22f15d4803e2c77df2d45dd" ON "batch_task" ("tenant_id", "account_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_5bca42183010ca0c9decec763e" ON "batch_task" ("tenant_id", "company_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "batch_item" ("id" BIGSERIAL NOT NULL, "task_id" bigint NOT NULL, "row_no" integer NOT NULL, "chunk" integer NOT NULL, "input" jsonb NOT NULL, "state" smallint NOT NULL DEFAULT '0', "city_code" character varying(6), "city_name" character varying(20), "dist_name" character varying(20), "location" character varying(200), "ha_code" character varying(32), "ha_name" character varying(100), "prop_type" smallint, "bldg_area" numeric(12,2), "floor" integer, "bheight" integer, "unit_price" numeric(14,2), "total_price" numeric(16,2), "eval_code" character varying(32), "error" character varying(200), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4be0d33148594e7326423343360" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_0ddcf6832dcbedaf8cc193fd87" ON "batch_item" ("task_id", "state", "row_no") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_0ce1bf40a6194afe6fb8c96ac0" ON "batch_item" ("task_id", "row_no") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_0ce1bf40a6194afe6fb8c96ac0"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_0ddcf6832dcbedaf8cc193fd87"`);
    await queryRunner.query(`DROP TABLE "batch_item"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5bca42183010ca0c9decec763e"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4cf22f15d4803e2c77df2d45dd"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a5fdd0c456845af6e73de20fd8"`);
    await queryRunner.query(`DROP TABLE "batch_task"`);
  }
}
