export * from './customer-domain.operator';
export * from './customer-domain.workflow';
