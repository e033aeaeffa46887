export * from './customer-domain.machine';
export * from './customer-domain.rules';
export * from './customer-domain.history';
