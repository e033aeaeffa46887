import type { MigrationInterface, QueryRunner } from 'typeorm';
import { syncPermissionCatalogue } from '../permission-catalogue.sync';

/**
 * Loan applications secured by valuations of the company, with their history; the page (125) and
 * its actions (128) go to the roles that hold the asset page (5).
 */
export class LoanApplication1795888599754 implements MigrationInterface {
  name = 'LoanApplication1795888599754';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "loan_application" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "account_id" integer NOT NULL, "apply_no" character varying(32) NOT NULL, "borrower" character varying(50) NOT NULL, "borrower_phone" character varying(20), "amount" numeric(16,2) NOT NULL, "term" smallint NOT NULL, "purpose" character varying(100) NOT NULL DEFAULT '', "eval_code" character varying(32) NOT NULL, "state" smallint NOT NULL DEFAULT '0', "approved_amount" numeric(16,2), "opinion" character varying(500) NOT NULL DEFAULT '', "decided_by" integer, "decided_name" character varying(20), "decision_date" date, "loan_no" character varying(40), "asset_id" integer, "create_name" character varying(20) NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a8e4b60ea8218fb408a4c4ab2c4" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_0a502fa0d3dda4806d4cb2cc84" ON "loan_application" ("eval_code") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_de2df95dc709422b60b75e45be" ON "loan_application" ("tenant_id", "company_id", "loan_no") WHERE loan_no IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_89c7d3875ca8bc3c5f45d5fcab" ON "loan_application" ("tenant_id", "company_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_3fdb9f1d02d3b4f001a2f2e4dd" ON "loan_application" ("tenant_id", "company_id", "apply_no") `);
    await queryRunner.query(`CREATE TABLE "loan_application_history" ("id" BIGSERIAL NOT NULL, "event" character varying(16) NOT NULL, "from_state" character varying(16), "to_state" character varying(16) NOT NULL, "actor_population" character varying(8) NOT NULL, "actor_id" integer NOT NULL, "actor_name" character varying(50) NOT NULL, "data" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "application_id" integer NOT NULL, CONSTRAINT "PK_124cabdc1c0482c47b29ee8a206" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_7915a5f99f72c19bead2e25537" ON "loan_application_history" ("application_id", "id") `);
    await syncPermissionCatalogue(queryRunner);
    await queryRunner.query(
      `INSERT INTO role_permission (role_id, permission_id)
       SELECT rp.role_id, a.id FROM role_permission rp CROSS JOIN (VALUES (125), (128)) AS a(id)
        WHERE rp.permission_id = 5
       ON CONFLICT DO NOTHING`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM role_permission WHERE permission_id IN (125, 128)`);
    await queryRunner.query(`DELETE FROM permission WHERE id IN (125, 128)`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7915a5f99f72c19bead2e25537"`);
    await queryRunner.query(`DROP TABLE "loan_application_history"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3fdb9f1d02d3b4f001a2f2e4dd"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_89c7d3875ca8bc3c5f45d5fcab"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_de2df95dc709422b60b75e45be"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_0a502fa0d3dda4806d4cb2cc84"`);
    await queryRunner.query(`DROP TABLE "loan_application"`);
  }
}
