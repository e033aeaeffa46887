import type { QueryRunner } from 'typeorm';
import { PERMISSIONS } from '@valuation/domain';

/**
 * Writes the permission catalogue of libs/domain into the permission table (insert or update),
 * and removes ids the catalogue no longer has. Called by migrations whenever the catalogue changes.
 */
export async function syncPermissionCatalogue(queryRunner: QueryRunner): Promise<void> {
  for (const p of PERMISSIONS) {
    await queryRunner.query(
      `INSERT INTO permission (id, name, parent_id, level, sort, code, scope, url, resource_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, parent_id = EXCLUDED.parent_id,
         level = EXCLUDED.level, sort = EXCLUDED.sort, code = EXCLUDED.code, scope = EXCLUDED.scope,
         url = EXCLUDED.url, resource_type = EXCLUDED.resource_type`,
      [p.id, p.name, p.parentId, p.parentId === 0 ? 1 : 2, p.sort, p.code, p.scope, p.url, p.parentId === 0 ? 1 : 2],
    );
  }
  const ids = PERMISSIONS.map((p) => p.id);
  await queryRunner.query(`DELETE FROM role_permission WHERE NOT (permission_id = ANY($1))`, [ids]);
  await queryRunner.query(`DELETE FROM permission WHERE NOT (id = ANY($1))`, [ids]);
}
