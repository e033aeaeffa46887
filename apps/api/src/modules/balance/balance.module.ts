import { Module } from '@nestjs/common';
import { BalanceBookService } from '@valuation/core';
import { AuthModule } from '../auth/auth.module';
import { RegionModule } from '../region/region.module';
import { ChannelBalanceController } from './channel-balance.controller';
import { ChannelBalanceService } from './channel-balance.service';
import { UserBalanceController } from './user-balance.controller';
import { UserBalanceService } from './user-balance.service';

@Module({
  imports: [AuthModule, RegionModule],
  controllers: [ChannelBalanceController, UserBalanceController],
  providers: [BalanceBookService, ChannelBalanceService, UserBalanceService],
})
export class BalanceModule {}
