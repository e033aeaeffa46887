export * from './appraisal-case.state';
export * from './service-level';
export * from './case-files.rules';
export * from './objection.rules';
export * from './review.rules';
export * from './appraisal-answer.rules';
export * from './artificial.rules';
export * from './price-history.rules';
