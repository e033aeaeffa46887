export * from './permissions/permission-catalogue';
export * from './codes/codes';
export * from './validation/messages';
export * from './validation/identity.schemas';
export * from './validation/validate';
export * from './validation/paging.schemas';
export * from './codes/dictionaries';
export * from './codes/eval-fields';
