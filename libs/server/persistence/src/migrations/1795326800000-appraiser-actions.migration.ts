import type { MigrationInterface, QueryRunner } from 'typeorm';
import { syncPermissionCatalogue } from '../permission-catalogue.sync';

/** The appraiser workbench's actions (114 claim and release, 115 answer and refuse) for the roles that hold the workbench (113). */
export class AppraiserActions1795326800000 implements MigrationInterface {
  name = 'AppraiserActions1795326800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await syncPermissionCatalogue(queryRunner);
    await queryRunner.query(
      `INSERT INTO role_permission (role_id, permission_id)
       SELECT rp.role_id, a.id FROM role_permission rp CROSS JOIN (VALUES (114), (115)) AS a(id)
        WHERE rp.permission_id = 113
       ON CONFLICT DO NOTHING`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM role_permission WHERE permission_id IN (114, 115)`);
    await queryRunner.query(`DELETE FROM permission WHERE id IN (114, 115)`);
  }
}
