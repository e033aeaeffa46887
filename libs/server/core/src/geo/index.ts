export * from './datum';
export * from './distance';
