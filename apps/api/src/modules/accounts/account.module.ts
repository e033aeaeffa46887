import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ChannelAccountController, OrgAccountController } from './account.controller';
import { AccountService } from './account.service';

@Module({
  imports: [AuthModule],
  controllers: [OrgAccountController, ChannelAccountController],
  providers: [AccountService],
})
export class AccountsModule {}
