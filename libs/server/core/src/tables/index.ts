export * from './text-encoding.detector';
export * from './cell-text';
export * from './table-file.reader';
