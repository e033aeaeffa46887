export * from './market-loader.service';
export * from './valuation.service';
export * from './valuation.errors';
export * from './valuation.module';
export * from './standard-price.refresh';
