import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NotifyOutbox1795314859148 implements MigrationInterface {
  name = 'NotifyOutbox1795314859148';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "notify_outbox" ("id" BIGSERIAL NOT NULL, "tenant_id" integer NOT NULL, "organization_id" integer NOT NULL, "kind" character varying(50) NOT NULL, "channel" character varying(10) NOT NULL, "phone" character varying(20), "setting_organization_id" integer, "payload" jsonb NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "last_error" character varying(500), "queued_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6e547eb45a80e82149a3f3ee393" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_fbdeaa920b108a98cbef04229e" ON "notify_outbox" ("tenant_id", "organization_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_bd39ae6fec723d3972f1a32e88" ON "notify_outbox" ("status", "id") `);
    await queryRunner.query(`CREATE TABLE "organization_notify_setting" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "organization_id" integer NOT NULL, "webhook_url" character varying(500), "webhook_secret" character varying(128), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_95d6c01f25bb566c8fc0fa58ec3" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_5f7f8fd76fefbbb452f22e43ec" ON "organization_notify_setting" ("organization_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_5f7f8fd76fefbbb452f22e43ec"`);
    await queryRunner.query(`DROP TABLE "organization_notify_setting"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bd39ae6fec723d3972f1a32e88"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fbdeaa920b108a98cbef04229e"`);
    await queryRunner.query(`DROP TABLE "notify_outbox"`);
  }
}
