import { Global, Module } from '@nestjs/common';
import { ObjectStorage } from './object-storage.service';

/** ObjectStorage for the whole application; the bucket is created at start when missing. */
@Global()
@Module({
  providers: [ObjectStorage],
  exports: [ObjectStorage],
})
export class StorageModule {}
