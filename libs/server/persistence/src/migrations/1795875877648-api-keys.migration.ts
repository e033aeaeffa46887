import type { MigrationInterface, QueryRunner } from 'typeorm';
import { syncPermissionCatalogue } from '../permission-catalogue.sync';

/**
 * API keys of customer companies and the kept answers of requests sent with an Idempotency-Key;
 * the API key pages (126 list, 127 add and revoke) go to the roles that hold the site settings (16).
 */
export class ApiKeys1795875877648 implements MigrationInterface {
  name = 'ApiKeys1795875877648';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "api_key" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "account_id" integer NOT NULL, "name" character varying(30) NOT NULL, "prefix" character varying(8) NOT NULL, "hash" character varying(64) NOT NULL, "scopes" text array NOT NULL, "rate_limit_per_minute" integer NOT NULL DEFAULT '60', "created_by" integer, "create_name" character varying(20), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "revoked_by" integer, "revoke_name" character varying(20), CONSTRAINT "PK_b1bd840641b8acbaad89c3d8d11" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_6fe050d25cfbfc6e122efb30af" ON "api_key" ("tenant_id", "company_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_45e0aa2a880b928326a05a2888" ON "api_key" ("hash") `);
    await queryRunner.query(`CREATE TABLE "idempotency_request" ("id" BIGSERIAL NOT NULL, "scope" character varying(64) NOT NULL, "key" character varying(100) NOT NULL, "request_hash" character varying(64) NOT NULL, "state" character varying(12) NOT NULL, "status_code" integer, "response_body" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_319c7a26061ead16e0c6c422a7b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_9de52dc8083625398cad77ccd5" ON "idempotency_request" ("created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_92954ce48ea09875b5d37ed9c6" ON "idempotency_request" ("scope", "key") `);
    await syncPermissionCatalogue(queryRunner);
    await queryRunner.query(
      `INSERT INTO role_permission (role_id, permission_id)
       SELECT rp.role_id, a.id FROM role_permission rp CROSS JOIN (VALUES (126), (127)) AS a(id)
        WHERE rp.permission_id = 16
       ON CONFLICT DO NOTHING`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM role_permission WHERE permission_id IN (126, 127)`);
    await queryRunner.query(`DELETE FROM permission WHERE id IN (126, 127)`);
    await queryRunner.query(`DROP INDEX "public"."IDX_92954ce48ea09875b5d37ed9c6"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9de52dc8083625398cad77ccd5"`);
    await queryRunner.query(`DROP TABLE "idempotency_request"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_45e0aa2a880b928326a05a2888"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6fe050d25cfbfc6e122efb30af"`);
    await queryRunner.query(`DROP TABLE "api_key"`);
  }
}
