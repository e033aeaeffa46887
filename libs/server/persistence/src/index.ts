export * from './entities';
export * from './data-source';
export * from './naming.strategy';
export * from './permission-catalogue.sync';
export * from './persistence.module';
export * from './regions.sync';
export * from './prepared-query';
