export * from './customer-domain.operator';
