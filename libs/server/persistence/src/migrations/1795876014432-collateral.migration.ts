import type { MigrationInterface, QueryRunner } from 'typeorm';
import { syncPermissionCatalogue } from '../permission-catalogue.sync';

/**
 * Collateral monitoring: the loan of an asset, revaluation runs and their items, drift rules and
 * alerts; its pages (116 to 124) go to the roles that hold the asset page (5).
 */
export class Collateral1795876014432 implements MigrationInterface {
  name = 'Collateral1795876014432';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "drift_rule" ("tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "origin_drop_pct" smallint NOT NULL, "last_drop_pct" smallint NOT NULL, "max_ltv_pct" smallint NOT NULL, "alert_class_c" boolean NOT NULL, "schedule_months" smallint NOT NULL, "schedule_enabled" boolean NOT NULL, "updated_by" integer, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c0a6fddbb78c9911be11a5f2868" PRIMARY KEY ("tenant_id", "company_id"))`);
    await queryRunner.query(`CREATE TABLE "reval_run" ("id" BIGSERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "account_id" integer, "account_name" character varying(20) NOT NULL DEFAULT '', "trigger" smallint NOT NULL, "state" smallint NOT NULL, "engine_version" character varying(20) NOT NULL, "rule" jsonb NOT NULL, "total" integer NOT NULL, "processed" integer NOT NULL DEFAULT '0', "valued" integer NOT NULL DEFAULT '0', "alerts" integer NOT NULL DEFAULT '0', "value_total" numeric(18,2) NOT NULL DEFAULT '0', "loan_total" numeric(18,2) NOT NULL DEFAULT '0', "error_reason" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_727311fe41c36f60b89423e858a" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_reval_run_valuing" ON "reval_run" ("tenant_id", "company_id") WHERE state = 1`);
    await queryRunner.query(`CREATE INDEX "IDX_4fa62fef2c828282f9034ed54f" ON "reval_run" ("state") `);
    await queryRunner.query(`CREATE INDEX "IDX_74a715e59351492ecf64e466c8" ON "reval_run" ("tenant_id", "company_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "reval_item" ("id" BIGSERIAL NOT NULL, "run_id" bigint NOT NULL, "asset_id" integer NOT NULL, "chunk" integer NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "state" smallint NOT NULL DEFAULT '0', "organization_id" integer NOT NULL, "account_id" integer NOT NULL, "input" jsonb NOT NULL, "city_code" character varying(6) NOT NULL, "dist_code" character varying(12), "ha_code" character varying(32), "ha_name" character varying(100), "prop_type" smallint NOT NULL, "bldg_area" numeric(10,2) NOT NULL, "loan_no" character varying(40), "loan_amount" numeric(16,2), "origin_value" numeric(16,2), "prev_value" numeric(16,2), "prev_class" character varying(1), "total_price" numeric(16,2), "unit_price" numeric(12,2), "confidence_class" character varying(1), "method" character varying(16), "ltv" numeric(8,2), "error" character varying(200), "valued_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_e8526eaec97b20dbb9c789383ed" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_557ec4696b4036a05d467cb654" ON "reval_item" ("asset_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_b774a7ec9d967f33b4a705c961" ON "reval_item" ("run_id", "chunk", "state") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_e4ab3262ecce524d49871bbe4c" ON "reval_item" ("run_id", "asset_id") `);
    await queryRunner.query(`CREATE TABLE "drift_alert" ("id" BIGSERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "account_id" integer NOT NULL, "run_id" bigint NOT NULL, "asset_id" integer NOT NULL, "kind" character varying(12) NOT NULL, "actual" numeric(8,2) NOT NULL, "threshold" numeric(8,2) NOT NULL, "message" character varying(100) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_21d47ebf2b6e5ac40aefcc5c361" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_21b82e242937720687119cd3c9" ON "drift_alert" ("asset_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_58422a8f3e9f96b0bb22d287ab" ON "drift_alert" ("run_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_730ae8b9bc62233adcb45962ec" ON "drift_alert" ("tenant_id", "company_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "asset" ADD "loan_no" character varying(40)`);
    await queryRunner.query(`ALTER TABLE "asset" ADD "loan_amount" numeric(16,2)`);
    await queryRunner.query(`ALTER TABLE "asset" ADD "loan_date" date`);
    await queryRunner.query(`ALTER TABLE "asset" ADD "loan_origin_value" numeric(16,2)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_8ae2c011caee75077284db177a" ON "asset" ("tenant_id", "company_id", "loan_no") WHERE loan_no IS NOT NULL`);
    await syncPermissionCatalogue(queryRunner);
    await queryRunner.query(
      `INSERT INTO role_permission (role_id, permission_id)
       SELECT rp.role_id, c.id FROM role_permission rp CROSS JOIN (VALUES (116), (117), (118), (119), (120), (121), (122), (123), (124)) AS c(id)
        WHERE rp.permission_id = 5
       ON CONFLICT DO NOTHING`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM role_permission WHERE permission_id BETWEEN 116 AND 124`);
    await queryRunner.query(`DELETE FROM permission WHERE id BETWEEN 116 AND 124`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8ae2c011caee75077284db177a"`);
    await queryRunner.query(`ALTER TABLE "asset" DROP COLUMN "loan_origin_value"`);
    await queryRunner.query(`ALTER TABLE "asset" DROP COLUMN "loan_date"`);
    await queryRunner.query(`ALTER TABLE "asset" DROP COLUMN "loan_amount"`);
    await queryRunner.query(`ALTER TABLE "asset" DROP COLUMN "loan_no"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_730ae8b9bc62233adcb45962ec"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_58422a8f3e9f96b0bb22d287ab"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_21b82e242937720687119cd3c9"`);
    await queryRunner.query(`DROP TABLE "drift_alert"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e4ab3262ecce524d49871bbe4c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b774a7ec9d967f33b4a705c961"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_557ec4696b4036a05d467cb654"`);
    await queryRunner.query(`DROP TABLE "reval_item"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_74a715e59351492ecf64e466c8"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4fa62fef2c828282f9034ed54f"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_reval_run_valuing"`);
    await queryRunner.query(`DROP TABLE "reval_run"`);
    await queryRunner.query(`DROP TABLE "drift_rule"`);
  }
}
