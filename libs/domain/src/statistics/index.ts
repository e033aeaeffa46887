export * from './statistics.rules';
