export * from './agency.machine';
export * from './agency.rules';
export * from './agency.history';
