export * from './loan-application.rules';
