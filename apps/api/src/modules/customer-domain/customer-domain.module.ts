import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SiteConfigModule } from '../site-config/site-config.module';
import { CustomerDomainController } from './customer-domain.controller';
import { CustomerDomainService } from './customer-domain.service';

@Module({
  imports: [AuthModule, SiteConfigModule],
  controllers: [CustomerDomainController],
  providers: [CustomerDomainService],
})
export class CustomerDomainModule {}
