export * from './address-parse';
export * from './geocode.rules';
