import type { DataSource, EntityManager } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Pool, PoolClient } from 'pg';

/**
 * Runs a named prepared statement on the hot paths: PostgreSQL parses and plans it once per
 * connection and reuses the plan. Inside a transaction the manager's connection is used.
 */
export async function preparedQuery<T>(target: DataSource | EntityManager, name: string, text: string, values: unknown[]): Promise<T[]> {
  const runner = 'queryRunner' in target ? target.queryRunner : undefined;
  if (runner && !runner.isReleased) {
    const client: PoolClient = await runner.connect();
    return (await client.query({ name, text, values })).rows as T[];
  }
  const ds: DataSource = 'driver' in target ? target : target.connection;
  if (!(ds.driver instanceof PostgresDriver)) throw new Error('preparedQuery needs the PostgreSQL driver');
  const pool: Pool = ds.driver.master;
  return (await pool.query({ name, text, values })).rows as T[];
}
