import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AppraisalCases1795325416188 implements MigrationInterface {
  name = 'AppraisalCases1795325416188';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "appraisal_case" ("id" BIGSERIAL NOT NULL, "case_no" character varying(32) NOT NULL, "kind" character varying(16) NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "account_id" integer NOT NULL, "machine_state" character varying(16) NOT NULL, "context" jsonb NOT NULL, "state" smallint NOT NULL, "version" integer NOT NULL DEFAULT '1', "eval_type" smallint NOT NULL, "eval_code" character varying(32), "initiate" smallint, "source_id" bigint, "city_code" character varying(6) NOT NULL, "city_name" character varying(50) NOT NULL, "ha_code" character varying(32), "ha_name" character varying(100), "card_address" character varying(200), "location" character varying(200), "bldg_area" numeric(10,2), "principal_code" character varying(50), "house_info" jsonb NOT NULL DEFAULT '{}', "reason" smallint, "other_reason" character varying(200), "remark" character varying(2000) NOT NULL DEFAULT '', "proposed_price" numeric(16,2), "original_price" numeric(16,2), "files" jsonb NOT NULL DEFAULT '[]', "review_total_price" numeric(16,2), "review_unit_price" numeric(12,2), "review_reply" character varying(2000), "refuse_reason" character varying(500), "reviewed_at" TIMESTAMP WITH TIME ZONE, "due_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0ef580415a01ef601c9833a3608" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_a3de35dfe1032a17240dabecd9" ON "appraisal_case" ("case_no") `);
    await queryRunner.query(`CREATE INDEX "IDX_41ea13a45de8b81921226d6408" ON "appraisal_case" ("eval_code") `);
    await queryRunner.query(`CREATE INDEX "IDX_e5bf0ea2463a758e8822bb561a" ON "appraisal_case" ("tenant_id", "company_id", "kind", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_266f16a3d40098c5bca91241df" ON "appraisal_case" ("tenant_id", "kind", "state", "created_at") `);
    await queryRunner.query(`CREATE TABLE "appraisal_case_history" ("id" BIGSERIAL NOT NULL, "case_id" bigint NOT NULL, "event" character varying(16) NOT NULL, "from_state" character varying(16), "to_state" character varying(16) NOT NULL, "actor_population" character varying(8) NOT NULL, "actor_id" integer NOT NULL, "actor_name" character varying(50) NOT NULL, "data" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6dd6d5bb292592a2b8ec0c44548" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_8d42fbadabac0b30ae12d83095" ON "appraisal_case_history" ("case_id", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_8d42fbadabac0b30ae12d83095"`);
    await queryRunner.query(`DROP TABLE "appraisal_case_history"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_266f16a3d40098c5bca91241df"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e5bf0ea2463a758e8822bb561a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_41ea13a45de8b81921226d6408"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a3de35dfe1032a17240dabecd9"`);
    await queryRunner.query(`DROP TABLE "appraisal_case"`);
  }
}
