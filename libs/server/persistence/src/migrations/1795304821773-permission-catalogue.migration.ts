import type { MigrationInterface, QueryRunner } from 'typeorm';
import { syncPermissionCatalogue } from '../permission-catalogue.sync';

export class PermissionCatalogue1795304821773 implements MigrationInterface {
  name = 'PermissionCatalogue1795304821773';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await syncPermissionCatalogue(queryRunner);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM role_permission`);
    await queryRunner.query(`DELETE FROM permission`);
  }
}
