export * from './report-code';
export * from './report-render.service';
export * from './report.module';
