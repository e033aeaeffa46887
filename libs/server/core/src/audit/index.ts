export * from './audit.service';
export * from './audit.module';
