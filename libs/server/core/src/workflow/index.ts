export * from './appraisal-case.store';
export * from './workflow.module';
