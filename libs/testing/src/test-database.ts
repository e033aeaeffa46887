import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '@valuation/persistence';

const adminUrl = () => process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates a fresh, migrated database for one test file; drop() removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `valuation_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const ds = createDataSource({ DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: 2 });
  await ds.initialize();
  await ds.runMigrations();
  await ds.destroy();
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A Redis prefix of its own for one test file, so parallel runs never share keys or queues. */
export function uniqueRedisPrefix(): string {
  return `test-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/** A fresh migrated database with an initialised data source on it. */
export async function openTestDataSource(poolSize = 3): Promise<{ db: TestDatabase; ds: DataSource }> {
  const db = await createTestDatabase();
  const ds = createDataSource({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: poolSize });
  await ds.initialize();
  return { db, ds };
}
