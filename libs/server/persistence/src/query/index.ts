export * from './data-range';
export * from './like';
export * from './list-filters';
export * from './paging';
export * from './unit-of-work';
