export * from './report-format';
export * from './report-rules';
export * from './formal-report';
export * from './market-trend';
export * from './accuracy-format';
