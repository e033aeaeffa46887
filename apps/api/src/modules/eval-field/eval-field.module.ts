import { Module } from '@nestjs/common';
import { EvalFieldController } from './eval-field.controller';
import { EvalFieldService } from './eval-field.service';

@Module({
  controllers: [EvalFieldController],
  providers: [EvalFieldService],
  exports: [EvalFieldService],
})
export class EvalFieldModule {}
