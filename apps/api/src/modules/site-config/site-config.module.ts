import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CustomerDomainHosts } from './customer-domain-hosts';
import { SiteConfigService } from './site-config.service';
import { SiteConfigController, TenantSiteConfigController } from './site-config.controller';

@Module({
  imports: [AuthModule],
  controllers: [SiteConfigController, TenantSiteConfigController],
  providers: [SiteConfigService, CustomerDomainHosts],
  exports: [SiteConfigService, CustomerDomainHosts],
})
export class SiteConfigModule {}
