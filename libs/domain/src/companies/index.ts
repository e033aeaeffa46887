export * from './customer-company.rules';
