export * from './test-database';
export * from './jobs';
export * from './s3-server';
export * from './workbook-fixtures';
export * from './free-port';
export * from './processes';
