import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MarketData1795308982088 implements MigrationInterface {
  name = 'MarketData1795308982088';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "region" ("code" character varying(12) NOT NULL, "name" character varying(50) NOT NULL, "short_name" character varying(50) NOT NULL, "level" smallint NOT NULL, "parent_code" character varying(12), "pinyin" character varying(100) NOT NULL, "initials" character varying(20) NOT NULL, CONSTRAINT "PK_74f7723fdff738f92929c0056cb" PRIMARY KEY ("code"))`);
    await queryRunner.query(`CREATE INDEX "IDX_6555d89f63f7dddbd6282f2ea3" ON "region" ("level", "pinyin") `);
    await queryRunner.query(`CREATE INDEX "IDX_73a16baaad741cbb01fa629e95" ON "region" ("parent_code") `);
    await queryRunner.query(`CREATE TABLE "community" ("id" SERIAL NOT NULL, "ha_code" character varying(32) NOT NULL, "city_code" character varying(6) NOT NULL, "dist_code" character varying(12), "name" character varying(100) NOT NULL, "area_name" character varying(50), "address" character varying(200) NOT NULL DEFAULT '', "street_name" character varying(50), "street_no" character varying(20), "lat" double precision, "lon" double precision, "build_year" smallint, "prop_types" character varying(40) NOT NULL DEFAULT '11', "bldg_type" character varying(4), "volume_rate" numeric(6,2), "greening_rate" numeric(5,2), "const_area" numeric(12,2), "ground_area" numeric(12,2), "landuse" character varying(20), "developer" character varying(100), "property_manager" character varying(100), "parking" jsonb, "households" smallint, "standard_unit_price" numeric(12,2), "image_key" character varying(255), "source" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cae794115a383328e8923de4193" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_7f0106d2007be7434c4d716fd7" ON "community" ("ha_code") `);
    await queryRunner.query(`CREATE INDEX "IDX_365816ced869f760ad4c1041df" ON "community" ("lat", "lon") `);
    await queryRunner.query(`CREATE INDEX "IDX_a659b8d1249a1d42605e86caef" ON "community" ("city_code", "area_name") `);
    await queryRunner.query(`CREATE INDEX "IDX_53828ac615ab4c0603ed0ef811" ON "community" ("city_code", "dist_code") `);
    await queryRunner.query(`CREATE TABLE "market_case" ("id" BIGSERIAL NOT NULL, "case_key" character varying(80) NOT NULL, "community_id" integer NOT NULL, "city_code" character varying(6) NOT NULL, "dist_code" character varying(12), "trade_type" smallint NOT NULL, "prop_type" smallint NOT NULL DEFAULT '11', "area" numeric(10,2) NOT NULL, "floor" smallint, "total_floors" smallint, "rooms" smallint, "halls" smallint, "baths" smallint, "face" character varying(4), "int_deco" character varying(4), "build_year" smallint, "bldg_type" character varying(4), "total_price" numeric(14,2) NOT NULL, "unit_price" numeric(12,2) NOT NULL, "case_date" date NOT NULL, "source" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_10b44dc58399f9066c97d0367ec" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_6861f88fccfcc8c20d89536e69" ON "market_case" ("case_key") `);
    await queryRunner.query(`CREATE INDEX "IDX_cfc72ece5e0e09de776948ca2f" ON "market_case" ("city_code", "trade_type", "case_date") `);
    await queryRunner.query(`CREATE INDEX "IDX_8b7a70170ddbbe95a298696d30" ON "market_case" ("community_id", "trade_type", "case_date") `);
    await queryRunner.query(`CREATE TABLE "poi" ("id" SERIAL NOT NULL, "poi_key" character varying(80) NOT NULL, "city_code" character varying(6) NOT NULL, "category" character varying(12) NOT NULL, "sub_type" character varying(20) NOT NULL, "name" character varying(100) NOT NULL, "lat" double precision NOT NULL, "lon" double precision NOT NULL, "routes" text array NOT NULL DEFAULT '{}', "source" character varying(40) NOT NULL, CONSTRAINT "PK_cd39f8194203a7955bbb92161b6" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_199e1d42d86dcadccd53ed8175" ON "poi" ("poi_key") `);
    await queryRunner.query(`CREATE INDEX "IDX_86ad8d89c7ee4dedf74a8e84c1" ON "poi" ("lat", "lon") `);
    await queryRunner.query(`CREATE INDEX "IDX_f873a45e6992a6c3b18dd3f6d0" ON "poi" ("city_code", "category") `);
    await queryRunner.query(`CREATE TABLE "price_index" ("id" BIGSERIAL NOT NULL, "scope" character varying(10) NOT NULL, "scope_code" character varying(32) NOT NULL, "trade_type" smallint NOT NULL, "prop_type" smallint NOT NULL, "month" date NOT NULL, "avg_unit_price" numeric(12,2) NOT NULL, "median_unit_price" numeric(12,2) NOT NULL, "case_count" integer NOT NULL, CONSTRAINT "PK_3f9504845bd2be8d21d8d2871e4" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_19be9a07860ffe8a92aba5a015" ON "price_index" ("scope", "scope_code", "trade_type", "prop_type", "month") `);
    await queryRunner.query(`CREATE TABLE "business" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "business_name" character varying(20) NOT NULL, "business_remark" character varying(100) NOT NULL DEFAULT '', "deleted" boolean NOT NULL DEFAULT false, "create_by" integer, "create_name" character varying(20), "update_by" integer, "update_name" character varying(20), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0bd850da8dafab992e2e9b058e5" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_71b4c6952cd35536fb24b77501" ON "business" ("tenant_id", "company_id") `);
    await queryRunner.query(`CREATE TABLE "eval_field_setting" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer, "field_key" character varying(20) NOT NULL, "display" boolean NOT NULL, "required" boolean NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c84c955d52db570afa13cf2f31f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_136ef7820e0c734db7e9bd8319" ON "eval_field_setting" ("tenant_id", "company_id", "field_key") WHERE company_id IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_549ba3f6ba90bb2a0e3d547fde" ON "eval_field_setting" ("tenant_id", "field_key") WHERE company_id IS NULL`);
    await queryRunner.query(`CREATE TABLE "risk_coefficient" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "province_code" character varying(6) NOT NULL, "city_code" character varying(6), "dist_code" character varying(12), "business_ids" integer array NOT NULL DEFAULT '{}', "price_coefficient" numeric(4,2) NOT NULL, "update_by" integer, "update_name" character varying(20), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d3b33b67fb7161066e0662ac241" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_0344ba6ff5d37a0a4b0fa6fee0" ON "risk_coefficient" ("tenant_id", "company_id", "province_code", "city_code", "dist_code") `);
    await queryRunner.query(`CREATE TABLE "eval_record" ("id" BIGSERIAL NOT NULL, "eval_code" character varying(32) NOT NULL, "root_eval_code" character varying(32) NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "account_id" integer NOT NULL, "eval_type" smallint NOT NULL, "source" smallint NOT NULL DEFAULT '1', "method" character varying(16) NOT NULL, "state" smallint NOT NULL, "confidence_class" character varying(1), "community_id" integer, "ha_code" character varying(32), "ha_name" character varying(100), "city_code" character varying(6) NOT NULL, "city_name" character varying(50) NOT NULL, "dist_code" character varying(12), "prop_type" smallint NOT NULL, "business_type_id" integer, "business_type_name" character varying(20), "principal_code" character varying(50), "principal" character varying(50), "owner" character varying(50), "card_address" character varying(200), "location" character varying(200), "gps_lon" double precision, "gps_lat" double precision, "build_no" character varying(10), "unit" character varying(10), "room_no" character varying(10), "bldg_area" numeric(10,2) NOT NULL, "br" smallint, "lr" smallint, "ba" smallint, "floor" smallint, "bheight" smallint, "face" character varying(4), "int_deco" character varying(4), "indo_stru" character varying(4), "bldg_type" character varying(4), "bldgstru_code" character varying(4), "build_year" smallint, "total_price" numeric(16,2), "unit_price" numeric(12,2), "sample_count" integer NOT NULL DEFAULT '0', "sample_price_max" numeric(12,2), "sample_price_min" numeric(12,2), "sample_price_avg" numeric(12,2), "risk_coefficient" numeric(4,2), "risk_total_price" numeric(16,2), "engine_version" character varying(20) NOT NULL, "input" jsonb NOT NULL, "result" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3a2214a5485c6e3291f9b34e925" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_0c67158cedf254457fca0c7300" ON "eval_record" ("eval_code") `);
    await queryRunner.query(`CREATE INDEX "IDX_15ffdc66edb9ddd907ad01392a" ON "eval_record" ("root_eval_code") `);
    await queryRunner.query(`CREATE INDEX "IDX_8b4a4bd127733e22604c5a2a3b" ON "eval_record" ("tenant_id", "organization_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_f06da79f14be244711b93419ae" ON "eval_record" ("tenant_id", "account_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_f06da79f14be244711b93419ae"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8b4a4bd127733e22604c5a2a3b"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_15ffdc66edb9ddd907ad01392a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_0c67158cedf254457fca0c7300"`);
    await queryRunner.query(`DROP TABLE "eval_record"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_0344ba6ff5d37a0a4b0fa6fee0"`);
    await queryRunner.query(`DROP TABLE "risk_coefficient"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_549ba3f6ba90bb2a0e3d547fde"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_136ef7820e0c734db7e9bd8319"`);
    await queryRunner.query(`DROP TABLE "eval_field_setting"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_71b4c6952cd35536fb24b77501"`);
    await queryRunner.query(`DROP TABLE "business"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_19be9a07860ffe8a92aba5a015"`);
    await queryRunner.query(`DROP TABLE "price_index"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f873a45e6992a6c3b18dd3f6d0"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_86ad8d89c7ee4dedf74a8e84c1"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_199e1d42d86dcadccd53ed8175"`);
    await queryRunner.query(`DROP TABLE "poi"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8b7a70170ddbbe95a298696d30"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cfc72ece5e0e09de776948ca2f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6861f88fccfcc8c20d89536e69"`);
    await queryRunner.query(`DROP TABLE "market_case"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_53828ac615ab4c0603ed0ef811"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a659b8d1249a1d42605e86caef"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_365816ced869f760ad4c1041df"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7f0106d2007be7434c4d716fd7"`);
    await queryRunner.query(`DROP TABLE "community"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_73a16baaad741cbb01fa629e95"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6555d89f63f7dddbd6282f2ea3"`);
    await queryRunner.query(`DROP TABLE "region"`);
  }
}
