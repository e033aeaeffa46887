import { createDataSource, pendingSchemaChanges } from '@valuation/persistence';
import { PERMISSIONS } from '@valuation/domain';
import { createTestDatabase, type TestDatabase } from './test-database';

describe('migrations', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('leave nothing for a generated migration to do (entities and migrations agree)', async () => {
    const ds = createDataSource({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: 2 });
    await ds.initialize();
    try {
      expect(await pendingSchemaChanges(ds)).toEqual([]);
    } finally {
      await ds.destroy();
    }
  });

  it('load the whole permission catalogue of libs/domain', async () => {
    const ds = createDataSource({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: 2 });
    await ds.initialize();
    try {
      const rows: { id: number; parent_id: number; code: string }[] = await ds.query(
        'SELECT id, parent_id, code FROM permission ORDER BY id',
      );
      expect(rows).toHaveLength(PERMISSIONS.length);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const p of PERMISSIONS) expect(byId.get(p.id)).toMatchObject({ parent_id: p.parentId, code: p.code });
    } finally {
      await ds.destroy();
    }
  });

  it('can be undone and redone', async () => {
    const ds = createDataSource({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: 2 });
    await ds.initialize();
    try {
      while ((await ds.query(`SELECT count(*)::int AS n FROM migrations`))[0].n > 0) await ds.undoLastMigration();
      expect(await ds.query(`SELECT to_regclass('public.account') AS t`)).toEqual([{ t: null }]);
      await ds.runMigrations();
      expect(await pendingSchemaChanges(ds)).toEqual([]);
    } finally {
      await ds.destroy();
    }
  });
});
