import { Module } from '@nestjs/common';
import { NotifyDeliveryService } from '@valuation/core';
import { AuthModule } from '../auth/auth.module';
import { NotifyDeliveriesController } from './notify-deliveries.controller';
import { NotifyDeliveriesService } from './notify-deliveries.service';
import { NotifySettingsController } from './notify-settings.controller';
import { NotifySettingsService } from './notify-settings.service';

@Module({
  imports: [AuthModule],
  controllers: [NotifySettingsController, NotifyDeliveriesController],
  providers: [NotifySettingsService, NotifyDeliveriesService, NotifyDeliveryService],
})
export class NotifySettingsModule {}
