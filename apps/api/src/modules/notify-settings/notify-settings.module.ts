import { Module } from '@nestjs/common';
import { NotifyDeliveryService } from '@valuation/core';
import { AuthModule } from '../auth/auth.module';
import { NotifySettingsController } from './notify-settings.controller';
import { NotifySettingsService } from './notify-settings.service';

@Module({
  imports: [AuthModule],
  controllers: [NotifySettingsController],
  providers: [NotifySettingsService, NotifyDeliveryService],
})
export class NotifySettingsModule {}
