import { Module } from '@nestjs/common';
import { NotifySettingsController } from './notify-settings.controller';
import { NotifySettingsService } from './notify-settings.service';

@Module({
  controllers: [NotifySettingsController],
  providers: [NotifySettingsService],
})
export class NotifySettingsModule {}
