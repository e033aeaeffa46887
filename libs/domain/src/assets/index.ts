export * from './asset.rules';
