export * from './test-database';
export * from './jobs';
