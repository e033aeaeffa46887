export * from './catalogue-text';
export * from './business.rules';
export * from './customer-category.rules';
export * from './risk-coefficient.rules';
export * from './eval-field.rules';
export * from './eval-method.rules';
