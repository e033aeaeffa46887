export * from './agency.state';
export * from './agency.rules';
export * from './agency.history';
