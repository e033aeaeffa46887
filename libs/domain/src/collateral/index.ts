export * from './collateral.rules';
