export * from './report-html';
export * from './report-qr';
export * from './report-sample';
