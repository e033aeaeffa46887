export * from './site-config.rules';
export * from './named-colors';
