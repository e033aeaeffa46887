export * from './geocode.queries';
export * from './geocoder';
export * from './geocode.module';
