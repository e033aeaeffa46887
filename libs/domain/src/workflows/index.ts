export * from './appraisal-case.machine';
export * from './service-level';
