import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transition histories of institution valuation applications and customer domain
 * applications. Rows that exist already get the steps their columns tell: the filing, receive and
 * reply of an application (staff unknown: actor 0 under the receiver's name), the application of a
 * domain and its completion or failure (by the operator).
 */
export class WorkflowHistories1795554970623 implements MigrationInterface {
  name = 'WorkflowHistories1795554970623';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "agency_application_history" ("id" BIGSERIAL NOT NULL, "event" character varying(16) NOT NULL, "from_state" character varying(16), "to_state" character varying(16) NOT NULL, "actor_population" character varying(8) NOT NULL, "actor_id" integer NOT NULL, "actor_name" character varying(50) NOT NULL, "data" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "application_id" bigint NOT NULL, CONSTRAINT "PK_10a515041cdc8c869217b934049" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_56b64efb4445e1591337b4eb52" ON "agency_application_history" ("application_id", "id") `);
    await queryRunner.query(`CREATE TABLE "customer_domain_history" ("id" BIGSERIAL NOT NULL, "event" character varying(16) NOT NULL, "from_state" character varying(16), "to_state" character varying(16) NOT NULL, "actor_population" character varying(8) NOT NULL, "actor_id" integer NOT NULL, "actor_name" character varying(50) NOT NULL, "data" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "domain_id" integer NOT NULL, CONSTRAINT "PK_88a6c4293d099a87e737b30d587" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_b5fbd66499ebaa62cf755c74ae" ON "customer_domain_history" ("domain_id", "id") `);
    const names = (files: string) => `COALESCE((SELECT jsonb_agg(f -> 'name') FROM jsonb_array_elements(${files}) f), '[]'::jsonb)`;
    const agencyHistory = `INSERT INTO "agency_application_history" ("application_id", "event", "from_state", "to_state", "actor_population", "actor_id", "actor_name", "data", "created_at")`;
    await queryRunner.query(
      `${agencyHistory} SELECT "id", 'SUBMIT', NULL, 'pending', 'user', "account_id", "applicant_name", jsonb_build_object('reportType', "report_type", 'evalType', "eval_type", 'files', ${names('"files"')}), "created_at" FROM "agency_application" ORDER BY "id"`,
    );
    await queryRunner.query(
      `${agencyHistory} SELECT "id", 'RECEIVE', 'pending', 'received', 'tenant', 0, COALESCE("context" ->> 'receiverName', ''), jsonb_build_object('receiverName', "context" -> 'receiverName', 'receiverPhone', "context" -> 'receiverPhone'), "received_at" FROM "agency_application" WHERE "received_at" IS NOT NULL ORDER BY "id"`,
    );
    await queryRunner.query(
      `${agencyHistory} SELECT "id", 'REPLY', 'received', 'done', 'tenant', 0, COALESCE("context" ->> 'receiverName', ''), jsonb_build_object('totalPrice', "context" -> 'totalPrice', 'unitPrice', "context" -> 'unitPrice', 'files', ${names(`"context" -> 'files'`)}), "replied_at" FROM "agency_application" WHERE "replied_at" IS NOT NULL ORDER BY "id"`,
    );
    const domainHistory = `INSERT INTO "customer_domain_history" ("domain_id", "event", "from_state", "to_state", "actor_population", "actor_id", "actor_name", "data", "created_at")`;
    await queryRunner.query(
      `${domainHistory} SELECT "id", 'APPLY', NULL, 'processing', 'tenant', 0, CASE WHEN "machine_state" = 'processing' THEN "updated_by_name" ELSE '' END, jsonb_build_object('domain', "domain", 'companyId', "company_id"), "created_at" FROM "customer_domain" ORDER BY "id"`,
    );
    await queryRunner.query(
      `${domainHistory} SELECT "id", CASE "machine_state" WHEN 'completed' THEN 'COMPLETE' ELSE 'FAIL' END, 'processing', "machine_state", 'operator', 0, "updated_by_name", CASE "machine_state" WHEN 'completed' THEN jsonb_build_object('domain', "domain", 'serverIp', "context" -> 'serverIp') ELSE jsonb_build_object('domain', "domain", 'reason', "context" -> 'failReason') END, "updated_at" FROM "customer_domain" WHERE "machine_state" <> 'processing' ORDER BY "id"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_b5fbd66499ebaa62cf755c74ae"`);
    await queryRunner.query(`DROP TABLE "customer_domain_history"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_56b64efb4445e1591337b4eb52"`);
    await queryRunner.query(`DROP TABLE "agency_application_history"`);
  }
}
