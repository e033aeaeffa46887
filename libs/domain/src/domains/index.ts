export * from './customer-domain.machine';
export * from './customer-domain.rules';
