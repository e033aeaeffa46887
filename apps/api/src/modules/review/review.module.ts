import { Module } from '@nestjs/common';
import { WorkflowModule } from '@valuation/core';
import { ReviewController } from './review.controller';
import { ReviewService } from './review.service';

@Module({
  imports: [WorkflowModule],
  controllers: [ReviewController],
  providers: [ReviewService],
  exports: [ReviewService],
})
export class ReviewModule {}
