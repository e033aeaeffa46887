import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { NotifySettingsController } from './notify-settings.controller';
import { NotifySettingsService } from './notify-settings.service';

@Module({
  imports: [AuthModule],
  controllers: [NotifySettingsController],
  providers: [NotifySettingsService],
})
export class NotifySettingsModule {}
