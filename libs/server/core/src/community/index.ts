export * from './community.queries';
export * from './community-queries.module';
export * from './market-stats.queries';
