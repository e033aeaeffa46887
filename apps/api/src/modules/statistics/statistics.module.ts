import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ChannelStatisticsController, StatisticsController } from './statistics.controller';
import { StatisticsService } from './statistics.service';

@Module({
  imports: [AuthModule],
  controllers: [StatisticsController, ChannelStatisticsController],
  providers: [StatisticsService],
})
export class StatisticsModule {}
