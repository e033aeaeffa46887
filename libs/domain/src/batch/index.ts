export * from './batch-upload.rules';
export * from './batch-template.columns';
export * from './batch-list.schemas';
