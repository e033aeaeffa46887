export * from './customer-domain.state';
export * from './customer-domain.rules';
export * from './customer-domain.history';
