import { Module } from '@nestjs/common';
import { CommunityQueriesModule, WorkflowModule } from '@valuation/core';
import { AuthModule } from '../auth/auth.module';
import { CommunityModule } from '../community/community.module';
import { AppraisalController } from './appraisal.controller';
import { AppraisalService } from './appraisal.service';

@Module({
  imports: [AuthModule, WorkflowModule, CommunityModule, CommunityQueriesModule],
  controllers: [AppraisalController],
  providers: [AppraisalService],
})
export class AppraisalModule {}
