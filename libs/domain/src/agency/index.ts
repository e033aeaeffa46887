export * from './agency.machine';
export * from './agency.rules';
