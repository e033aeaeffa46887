import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OwnBalanceService } from './own-balance.service';
import { ProfileService } from './profile.service';
import { TenantProfileController, UserProfileController } from './profile.controller';

@Module({
  imports: [AuthModule],
  controllers: [UserProfileController, TenantProfileController],
  providers: [ProfileService, OwnBalanceService],
})
export class ProfileModule {}
