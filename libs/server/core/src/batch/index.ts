export * from './batch-finish.service';
export * from './batch-runner.service';
export * from './batch-runner.module';
