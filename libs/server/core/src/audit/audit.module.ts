import { Module } from '@nestjs/common';
import { AuditService } from './audit.service';

/** AuditService; needs PersistenceModule in the application. */
@Module({
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditModule {}
