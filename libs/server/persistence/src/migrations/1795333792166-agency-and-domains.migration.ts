import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Institution valuation applications and customer domain applications. */
export class AgencyAndDomains1795333792166 implements MigrationInterface {
  name = 'AgencyAndDomains1795333792166';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "agency_application" ("id" BIGSERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "account_id" integer NOT NULL, "applicant_name" character varying(50) NOT NULL, "report_type" smallint NOT NULL, "eval_type" smallint NOT NULL, "customer_name" character varying(10) NOT NULL, "customer_phone" character varying(20) NOT NULL, "remark" character varying(2000) NOT NULL DEFAULT '', "city_code" character varying(6) NOT NULL, "city_name" character varying(50) NOT NULL, "ha_code" character varying(32), "ha_name" character varying(100), "card_address" character varying(200), "location" character varying(200), "bldg_area" numeric(10,2), "prop_type" smallint NOT NULL DEFAULT '11', "house_info" jsonb NOT NULL DEFAULT '{}', "gps_lon" double precision, "gps_lat" double precision, "files" jsonb NOT NULL DEFAULT '[]', "machine_state" character varying(16) NOT NULL, "context" jsonb NOT NULL, "state" smallint NOT NULL, "version" integer NOT NULL DEFAULT '1', "received_at" TIMESTAMP WITH TIME ZONE, "replied_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_dc2bc9919431400c920c512f81f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_2bfd132388f2da5e2e89f8ae4a" ON "agency_application" ("tenant_id", "company_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_f4564656ac70009cfe368e4f20" ON "agency_application" ("tenant_id", "state", "created_at") `);
    await queryRunner.query(`CREATE TABLE "customer_domain" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "domain" character varying(253) NOT NULL, "machine_state" character varying(16) NOT NULL, "context" jsonb NOT NULL, "state" smallint NOT NULL, "version" integer NOT NULL DEFAULT '1', "updated_by_name" character varying(50) NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ed34e3efff2e32abe0da66513d1" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_3b4f857893f176ac7f1872c461" ON "customer_domain" ("domain") `);
    await queryRunner.query(`CREATE INDEX "IDX_ef391ef704d6c2bd62a206aa8b" ON "customer_domain" ("tenant_id", "updated_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_ef391ef704d6c2bd62a206aa8b"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3b4f857893f176ac7f1872c461"`);
    await queryRunner.query(`DROP TABLE "customer_domain"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f4564656ac70009cfe368e4f20"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2bfd132388f2da5e2e89f8ae4a"`);
    await queryRunner.query(`DROP TABLE "agency_application"`);
  }
}
