import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ConfigError, ConfigModule } from '@valuation/config';
import { PersistenceModule } from '@valuation/persistence';
import { ObjectStorage, StorageModule } from '@valuation/storage';
import { seedDemoMarket, seedDemoPlatform } from '@valuation/core';

@Module({ imports: [ConfigModule, PersistenceModule, StorageModule] })
class SeedModule {}

/**
 * Loads the demo platform once (tenant, branding, staff, company, accounts, balances), then the
 * demo market once (communities, points of interest, five years of cases, the price index).
 */
async function main() {
  const app = await NestFactory.createApplicationContext(SeedModule, { logger: ['error', 'warn'] });
  try {
    const dataSource = app.get<DataSource>(getDataSourceToken());
    const result = await seedDemoPlatform(dataSource, app.get(ObjectStorage));
    console.log(result.created ? `Demo platform loaded (tenant ${result.tenantId})` : 'Demo platform already present');
    const market = await seedDemoMarket(dataSource);
    console.log(
      market.created
        ? `Demo market loaded: ${market.communities} communities, ${market.cases} cases, ${market.pois} points of interest, ${market.indexRows} index rows (${(market.ms / 1000).toFixed(1)} s)`
        : 'Demo market already present',
    );
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
