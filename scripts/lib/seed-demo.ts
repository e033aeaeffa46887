import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ConfigError, ConfigModule } from '@valuation/config';
import { PersistenceModule } from '@valuation/persistence';
import { ObjectStorage, StorageModule } from '@valuation/storage';
import { seedDemoPlatform } from '@valuation/core';

@Module({ imports: [ConfigModule, PersistenceModule, StorageModule] })
class SeedModule {}

/** Loads the demo platform once (tenant, branding, staff, company, accounts, balances). */
async function main() {
  const app = await NestFactory.createApplicationContext(SeedModule, { logger: ['error', 'warn'] });
  try {
    const result = await seedDemoPlatform(app.get<DataSource>(getDataSourceToken()), app.get(ObjectStorage));
    console.log(result.created ? `Demo platform loaded (tenant ${result.tenantId})` : 'Demo platform already present');
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
