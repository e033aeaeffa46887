import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EvalRecordRiskCoefficient1795796843929 implements MigrationInterface {
  name = 'EvalRecordRiskCoefficient1795796843929';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "eval_record" ADD "risk_coefficient_id" integer`);
    await queryRunner.query(`ALTER TABLE "eval_record" ADD "risk_coefficient_label" character varying(100)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "eval_record" DROP COLUMN "risk_coefficient_label"`);
    await queryRunner.query(`ALTER TABLE "eval_record" DROP COLUMN "risk_coefficient_id"`);
  }
}
