import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FormalReports1795322820171 implements MigrationInterface {
  name = 'FormalReports1795322820171';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "report_config" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer, "report_type" smallint NOT NULL, "report_name" character varying(20) NOT NULL, "report_statement" character varying(2000) NOT NULL DEFAULT '', "report_sign" character varying(50) NOT NULL DEFAULT '', "image_keys" jsonb NOT NULL DEFAULT '{}', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7a1ae7346a9f531cbacb52a0a07" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_2dcb2b70df45a7d36e67a23211" ON "report_config" ("tenant_id", "company_id", "report_type") WHERE company_id IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_7159ab86131ae6b06ed5fbcbb3" ON "report_config" ("tenant_id", "report_type") WHERE company_id IS NULL`);
    await queryRunner.query(`CREATE TABLE "eval_report" ("id" BIGSERIAL NOT NULL, "report_code" character varying(32) NOT NULL, "report_type" smallint NOT NULL, "eval_code" character varying(32) NOT NULL, "eval_record_id" bigint NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "account_id" integer NOT NULL, "state" smallint NOT NULL DEFAULT '1', "document" jsonb NOT NULL, "charge" jsonb NOT NULL, "pdf_key" character varying(255), "sha256" character(64), "size" integer, "error" character varying(500), "render_ms" integer, "finished_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e30c392978ff142155075f34ad1" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_0792b86a8b301fded40fd56fe2" ON "eval_report" ("report_code") `);
    await queryRunner.query(`CREATE INDEX "IDX_bf98bb34efd267d51543b73335" ON "eval_report" ("tenant_id", "account_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_893aedb1584b5fbcfc0e63abd3" ON "eval_report" ("eval_code", "report_type") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_893aedb1584b5fbcfc0e63abd3"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bf98bb34efd267d51543b73335"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_0792b86a8b301fded40fd56fe2"`);
    await queryRunner.query(`DROP TABLE "eval_report"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7159ab86131ae6b06ed5fbcbb3"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2dcb2b70df45a7d36e67a23211"`);
    await queryRunner.query(`DROP TABLE "report_config"`);
  }
}
