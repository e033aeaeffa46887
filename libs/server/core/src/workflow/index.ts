export * from './appraisal-case.store';
export * from './workflow.module';
export * from './case-files';
export * from './case-view';
export * from './versioned-workflow';
export * from './workflow-history.view';
