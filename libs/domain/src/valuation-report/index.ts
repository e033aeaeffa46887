export * from './report-format';
export * from './report-rules';
