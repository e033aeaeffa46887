import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { dataSourceOptions } from './data-source';
import { ENTITIES } from './entities';
import { UnitOfWork } from './query';
import { REPOSITORIES } from './repositories';

/** The TypeORM connection of a process, a TypeORM repository for every entity, the repositories of the aggregates and the unit of work. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => dataSourceOptions(config),
    }),
    TypeOrmModule.forFeature(ENTITIES),
  ],
  providers: [...REPOSITORIES, UnitOfWork],
  exports: [TypeOrmModule, ...REPOSITORIES, UnitOfWork],
})
export class PersistenceModule {}
