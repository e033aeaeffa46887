export * from './role.rules';
