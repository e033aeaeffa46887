import { Module } from '@nestjs/common';
import { SiteConfigService } from './site-config.service';
import { SiteConfigController, TenantSiteConfigController } from './site-config.controller';

@Module({
  controllers: [SiteConfigController, TenantSiteConfigController],
  providers: [SiteConfigService],
  exports: [SiteConfigService],
})
export class SiteConfigModule {}
