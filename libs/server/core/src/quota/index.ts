export * from './quota.service';
