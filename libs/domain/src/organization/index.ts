export * from './organization.rules';
