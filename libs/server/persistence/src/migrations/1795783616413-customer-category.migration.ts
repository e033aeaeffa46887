import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CustomerCategory1795783616413 implements MigrationInterface {
  name = 'CustomerCategory1795783616413';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "customer_category" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(20) NOT NULL, "remark" character varying(100) NOT NULL DEFAULT '', "created_by" integer, "updated_by" integer, "updated_name" character varying(20) NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_776c0342b5a7f0eea9b3dc0bb84" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_ec402051dfebbfdee26cd9a4b0" ON "customer_category" ("tenant_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_ec402051dfebbfdee26cd9a4b0"`);
    await queryRunner.query(`DROP TABLE "customer_category"`);
  }
}
