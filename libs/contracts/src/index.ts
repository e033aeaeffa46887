export * from './envelope';
export * from './identity.contracts';
export * from './site-config.contracts';
export * from './health.contracts';
export * from './jobs.contracts';
export * from './market.contracts';
export * from './eval.contracts';
export * from './batch.contracts';
