export * from './api-key.rules';
export * from './idempotency.rules';
