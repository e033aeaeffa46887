export * from './report-config.reader';
export * from './report-config.module';
