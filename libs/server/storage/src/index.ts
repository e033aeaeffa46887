export * from './storage.options';
export * from './object-storage.service';
export * from './storage.module';
