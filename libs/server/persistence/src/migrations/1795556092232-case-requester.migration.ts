import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Appraisal cases keep their requester in the workflow context: only the requester's reading marks an answer read. */
export class CaseRequester1795556092232 implements MigrationInterface {
  name = 'CaseRequester1795556092232';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "appraisal_case" SET "context" = "context" || jsonb_build_object('requesterId', "account_id") WHERE NOT ("context" ? 'requesterId')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "appraisal_case" SET "context" = "context" - 'requesterId'`);
  }
}
