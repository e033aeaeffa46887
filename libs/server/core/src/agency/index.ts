export * from './agency.workflow';
