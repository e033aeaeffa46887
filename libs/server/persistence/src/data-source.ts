import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '@valuation/config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './naming.strategy';

export function dataSourceOptions(
  config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>,
  overrides: Partial<DataSourceOptions> = {},
): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.DATABASE_URL,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    extra: { max: config.DATABASE_POOL_SIZE },
    ...overrides,
  } as DataSourceOptions;
}

export function createDataSource(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): DataSource {
  return new DataSource(dataSourceOptions(config));
}

/**
 * The SQL a generated migration would contain: empty when entities and migrations agree.
 * The data source must be initialised and migrated.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((q) => q.query);
}
