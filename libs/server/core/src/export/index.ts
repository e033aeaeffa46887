export * from './xlsx-export';
