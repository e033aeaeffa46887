export * from './revaluation-runner.service';
export * from './revaluation-runner.module';
