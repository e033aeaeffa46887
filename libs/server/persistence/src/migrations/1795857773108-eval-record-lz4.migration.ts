import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A valuation record's request and result (several kilobytes of JSON, stored out of line) are
 * compressed with lz4 where the server has it: a third of the time pglz takes to write a batch's
 * records, for a few percent more space. Records already stored keep their compression.
 */
export class EvalRecordLz41795857773108 implements MigrationInterface {
  name = 'EvalRecordLz41795857773108';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await this.compress(queryRunner, 'lz4');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.compress(queryRunner, 'pglz');
  }

  private async compress(queryRunner: QueryRunner, method: 'lz4' | 'pglz'): Promise<void> {
    const [{ available }] = await queryRunner.query(
      `SELECT $1 = ANY(enumvals) AS available FROM pg_settings WHERE name = 'default_toast_compression'`,
      [method],
    );
    if (!available) return;
    await queryRunner.query(`ALTER TABLE eval_record ALTER COLUMN input SET COMPRESSION ${method}, ALTER COLUMN result SET COMPRESSION ${method}`);
  }
}
