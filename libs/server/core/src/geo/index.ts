export * from './datum';
export * from './distance';
export * from './region.resolver';
export * from './house-number';
