export * from './appraisal-case.machine';
export * from './service-level';
export * from './case-files.rules';
