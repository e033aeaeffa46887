export * from './collateral.rules';
export * from './collateral-analytics';
