export * from './balance.codes';
export * from './balance.schemas';
