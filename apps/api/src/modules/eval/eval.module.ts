import { Module } from '@nestjs/common';
import { ValuationModule } from '@valuation/core';
import { EvalFieldModule } from '../eval-field/eval-field.module';
import { EvalController } from './eval.controller';
import { EvalService } from './eval.service';

@Module({
  imports: [ValuationModule, EvalFieldModule],
  controllers: [EvalController],
  providers: [EvalService],
})
export class EvalModule {}
