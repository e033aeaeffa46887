import { Module } from '@nestjs/common';
import { ValuationModule } from '@valuation/core';
import { AuthModule } from '../auth/auth.module';
import { EvalMethodController } from './eval-method.controller';
import { EvalMethodService } from './eval-method.service';

@Module({
  imports: [AuthModule, ValuationModule],
  controllers: [EvalMethodController],
  providers: [EvalMethodService],
})
export class EvalMethodModule {}
