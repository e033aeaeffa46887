export * from './report-config.rules';
export * from './report-image.rules';
