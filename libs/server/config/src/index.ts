export * from './config.schema';
export * from './config.module';
export * from './trust-proxy';
