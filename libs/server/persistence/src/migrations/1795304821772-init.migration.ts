import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795304821772 implements MigrationInterface {
  name = 'Init1795304821772';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "tenant" ("id" SERIAL NOT NULL, "code" character varying(32) NOT NULL, "name" character varying(100) NOT NULL, "status" smallint NOT NULL DEFAULT '0', "eval_flags" character varying(32), "eval_class" character varying(1), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_da8c6efd67bb301e810e56ac139" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_b1bb8505abe259d04b317bd799" ON "tenant" ("code") `);
    await queryRunner.query(`CREATE TABLE "organization" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "parent_id" integer, "company_id" integer NOT NULL, "path" character varying(512) NOT NULL, "name" character varying(50) NOT NULL, "category_id" integer, "province_code" character varying(12), "province_name" character varying(50), "city_code" character varying(12), "city_name" character varying(50), "address" character varying(100), "social_code" character varying(50), "contact" character varying(20), "contact_number" character varying(100), "email" character varying(50), "fax" character varying(100), "department" character varying(50), "position" character varying(50), "business_type" character varying(100), "license_key" character varying(255), "status" smallint NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_472c1f99a32def1b0abb219cd67" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_f2bc0a31155aa7f9cbe6684464" ON "organization" ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_9da706d83455a070ce3be81eb3" ON "organization" ("company_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_8ed6e0370e6b1b540d1fe4b1c1" ON "organization" ("tenant_id", "path") `);
    await queryRunner.query(`CREATE TABLE "account" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "organization_id" integer NOT NULL, "company_id" integer NOT NULL, "login_user" character varying(18) NOT NULL, "user_name" character varying(20) NOT NULL, "password_hash" character varying(100) NOT NULL, "email" character varying(45), "mobile_phone" character varying(20), "user_type" smallint NOT NULL DEFAULT '1', "status" smallint NOT NULL DEFAULT '0', "expire_date" date, "last_login_time" TIMESTAMP WITH TIME ZONE, "created_by" integer, "updated_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_54115ee388cdb6d86bb4bf5b2ea" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_c7cc4dfd56eae9c297242dcb15" ON "account" ("tenant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_020686089902f4a0b53aa74019" ON "account" ("organization_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_308c63fcacc9d9d42dc9af6a04" ON "account" ("company_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_50a5734644b041ef53e0d9610d" ON "account" ("login_user") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_fb542903e556c8a7b3effdb00f" ON "account" ("mobile_phone") WHERE mobile_phone IS NOT NULL`);
    await queryRunner.query(`CREATE TABLE "tenant_staff" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "login_user" character varying(18) NOT NULL, "user_name" character varying(20) NOT NULL, "password_hash" character varying(100) NOT NULL, "email" character varying(45), "mobile_phone" character varying(20), "status" smallint NOT NULL DEFAULT '0', "expire_date" date, "last_login_time" TIMESTAMP WITH TIME ZONE, "created_by" integer, "updated_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3eac2453ab7c2c6e7c03de65019" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_af55d7cbd90ff8d6a2b40a07b2" ON "tenant_staff" ("tenant_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_318946341ad24388af72cd099f" ON "tenant_staff" ("login_user") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_c63eb66f502fc52f5bb0baa60a" ON "tenant_staff" ("mobile_phone") WHERE mobile_phone IS NOT NULL`);
    await queryRunner.query(`CREATE TABLE "permission" ("id" integer NOT NULL, "name" character varying(50) NOT NULL, "parent_id" integer NOT NULL DEFAULT '0', "level" smallint NOT NULL, "sort" smallint NOT NULL, "code" character varying(80) NOT NULL, "scope" character varying(10) NOT NULL, "url" character varying(120) NOT NULL DEFAULT '', "resource_type" smallint NOT NULL, CONSTRAINT "PK_3b8b97af9d9d8807e41e6f48362" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "role" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "kind" character varying(10) NOT NULL, "company_id" integer, "code" character varying(10) NOT NULL, "name" character varying(20) NOT NULL, "remark" character varying(100), "created_by" integer, "created_name" character varying(20), "updated_by" integer, "updated_name" character varying(20), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b36bcfe02fc8de3c57a8b2391c2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_1c8f400210492ee5d97bf6910a" ON "role" ("tenant_id", "kind") `);
    await queryRunner.query(`CREATE TABLE "role_permission" ("role_id" integer NOT NULL, "permission_id" integer NOT NULL, CONSTRAINT "PK_19a94c31d4960ded0dcd0397759" PRIMARY KEY ("role_id", "permission_id"))`);
    await queryRunner.query(`CREATE TABLE "account_role" ("account_id" integer NOT NULL, "role_id" integer NOT NULL, CONSTRAINT "PK_769a92b0cf8acea684503433aa1" PRIMARY KEY ("account_id", "role_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_8fc1d56b9c10594179b5d0762f" ON "account_role" ("role_id") `);
    await queryRunner.query(`CREATE TABLE "tenant_staff_role" ("staff_id" integer NOT NULL, "role_id" integer NOT NULL, CONSTRAINT "PK_84cfb62b05f2c0e5f82ddcd07e5" PRIMARY KEY ("staff_id", "role_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_6d46e9625bf051e26873219ad9" ON "tenant_staff_role" ("role_id") `);
    await queryRunner.query(`CREATE TABLE "site_config" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer, "product_name" character varying(50) NOT NULL, "company_name" character varying(50) NOT NULL DEFAULT '', "company_profile" character varying(500) NOT NULL DEFAULT '', "address" character varying(100) NOT NULL DEFAULT '', "contact" character varying(50) NOT NULL DEFAULT '', "email" character varying(50) NOT NULL DEFAULT '', "theme_color" character varying(40) NOT NULL DEFAULT 'rgba(28, 126, 214, 1)', "logo_key" character varying(255), "background_key" character varying(255), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2a10b0ffcbef4a90bbd034e356c" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_ec53bfc5b0426fd675515a8236" ON "site_config" ("tenant_id", "company_id") WHERE company_id IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_f2bb79f22b8d7befd0d0d6f297" ON "site_config" ("tenant_id") WHERE company_id IS NULL`);
    await queryRunner.query(`CREATE TABLE "account_balance" ("account_id" integer NOT NULL, "tenant_id" integer NOT NULL, "universal_count" integer NOT NULL DEFAULT '0', "advisory_count" integer NOT NULL DEFAULT '0', "inquiry_count" integer NOT NULL DEFAULT '0', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_029576f147e256f1f93e4865c76" PRIMARY KEY ("account_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_1e63142fd3f47b7a384206e656" ON "account_balance" ("tenant_id") `);
    await queryRunner.query(`CREATE TABLE "city_package" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "account_id" integer NOT NULL, "city_code" character varying(12) NOT NULL, "city_name" character varying(50) NOT NULL, "remaining" integer NOT NULL DEFAULT '0', "effective_date" date NOT NULL, "expire_date" date NOT NULL, "order_no" character varying(32), CONSTRAINT "PK_0f61f39d538275ae0cbedbdda4c" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_ce97f67eae5f2d6a1b27bb7275" ON "city_package" ("account_id", "city_code", "expire_date") `);
    await queryRunner.query(`CREATE TABLE "balance_ledger" ("id" BIGSERIAL NOT NULL, "tenant_id" integer NOT NULL, "account_id" integer NOT NULL, "kind" character varying(10) NOT NULL, "city_package_id" integer, "delta" integer NOT NULL, "balance_after" integer NOT NULL, "reason" character varying(10) NOT NULL, "ref_type" character varying(20), "ref_id" character varying(64), "created_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0a98088b8fe8aaa77f7ba363421" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_1d15c9ea8a91614049010ddffc" ON "balance_ledger" ("ref_type", "ref_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_b48bc3fcc637a9fcae8470ff83" ON "balance_ledger" ("account_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "balance_order" ("id" SERIAL NOT NULL, "order_no" character varying(32) NOT NULL, "tenant_id" integer NOT NULL, "account_id" integer NOT NULL, "product_code" character varying(6) NOT NULL, "product_name" character varying(30) NOT NULL, "buy_mode_code" smallint NOT NULL, "buy_mode_name" character varying(20) NOT NULL, "buy_scope" text NOT NULL DEFAULT '', "eval_count" integer NOT NULL DEFAULT '0', "report_count" integer NOT NULL DEFAULT '0', "order_price" numeric(14,2) NOT NULL DEFAULT '0', "effective_date" date NOT NULL, "expire_date" date NOT NULL, "order_from" smallint NOT NULL DEFAULT '2', "remark" character varying(200), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_24350a5e2fdb09b6b30c4824407" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_52af033f4faba8064f933c1ee5" ON "balance_order" ("order_no") `);
    await queryRunner.query(`CREATE INDEX "IDX_895ae35740c7f04f1baad5fc6e" ON "balance_order" ("account_id") `);
    await queryRunner.query(`CREATE TABLE "operation_log" ("id" BIGSERIAL NOT NULL, "tenant_id" integer NOT NULL, "population" character varying(10) NOT NULL, "actor_id" integer NOT NULL, "actor_login" character varying(18) NOT NULL, "actor_name" character varying(20) NOT NULL, "action" character varying(40) NOT NULL, "detail" character varying(500) NOT NULL DEFAULT '', "ip" character varying(64) NOT NULL DEFAULT '', "operate_time" TIMESTAMP WITH TIME ZONE NOT NULL, "event_key" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2115426c3f66dd38e22ea683b12" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_4622ee269ea6ff506ab49a8bdb" ON "operation_log" ("event_key") `);
    await queryRunner.query(`CREATE INDEX "IDX_f2b9540df36eb6ec08c5c89a84" ON "operation_log" ("tenant_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_f2b9540df36eb6ec08c5c89a84"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4622ee269ea6ff506ab49a8bdb"`);
    await queryRunner.query(`DROP TABLE "operation_log"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_895ae35740c7f04f1baad5fc6e"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_52af033f4faba8064f933c1ee5"`);
    await queryRunner.query(`DROP TABLE "balance_order"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b48bc3fcc637a9fcae8470ff83"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1d15c9ea8a91614049010ddffc"`);
    await queryRunner.query(`DROP TABLE "balance_ledger"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ce97f67eae5f2d6a1b27bb7275"`);
    await queryRunner.query(`DROP TABLE "city_package"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1e63142fd3f47b7a384206e656"`);
    await queryRunner.query(`DROP TABLE "account_balance"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f2bb79f22b8d7befd0d0d6f297"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ec53bfc5b0426fd675515a8236"`);
    await queryRunner.query(`DROP TABLE "site_config"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6d46e9625bf051e26873219ad9"`);
    await queryRunner.query(`DROP TABLE "tenant_staff_role"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8fc1d56b9c10594179b5d0762f"`);
    await queryRunner.query(`DROP TABLE "account_role"`);
    await queryRunner.query(`DROP TABLE "role_permission"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1c8f400210492ee5d97bf6910a"`);
    await queryRunner.query(`DROP TABLE "role"`);
    await queryRunner.query(`DROP TABLE "permission"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c63eb66f502fc52f5bb0baa60a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_318946341ad24388af72cd099f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_af55d7cbd90ff8d6a2b40a07b2"`);
    await queryRunner.query(`DROP TABLE "tenant_staff"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fb542903e556c8a7b3effdb00f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_50a5734644b041ef53e0d9610d"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_308c63fcacc9d9d42dc9af6a04"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_020686089902f4a0b53aa74019"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c7cc4dfd56eae9c297242dcb15"`);
    await queryRunner.query(`DROP TABLE "account"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8ed6e0370e6b1b540d1fe4b1c1"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9da706d83455a070ce3be81eb3"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f2bc0a31155aa7f9cbe6684464"`);
    await queryRunner.query(`DROP TABLE "organization"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b1bb8505abe259d04b317bd799"`);
    await queryRunner.query(`DROP TABLE "tenant"`);
  }
}
