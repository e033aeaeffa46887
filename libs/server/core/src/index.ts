export * from './identity/password';
export * from './demo/demo-platform.seed';
export * from './demo/png';
export * from './audit';
export * from './quota';
export * from './geo';
export * from './market';
export * from './valuation';
