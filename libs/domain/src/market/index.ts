export * from './market-fields';
export * from './listing-export';
