import 'reflect-metadata';
import { Client } from 'pg';
import { ConfigError, loadConfig } from '@valuation/config';
import { createDataSource } from '@valuation/persistence';

/** Creates the database when missing, then runs every pending migration. */
export async function migrate(): Promise<void> {
  const config = loadConfig();
  const url = new URL(config.DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(config.DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) {
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    console.log(`Created database ${name}`);
  }
  await client.end();

  const ds = createDataSource(config);
  await ds.initialize();
  const done = await ds.runMigrations();
  console.log(done.length ? `Applied ${done.map((m) => m.name).join(', ')}` : 'Database schema is up to date');
  await ds.destroy();
}

if (require.main === module) {
  migrate().catch((err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
}
