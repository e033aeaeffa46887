import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EvalFieldController, TenantEvalFieldController } from './eval-field.controller';
import { EvalFieldService } from './eval-field.service';

@Module({
  imports: [AuthModule],
  controllers: [EvalFieldController, TenantEvalFieldController],
  providers: [EvalFieldService],
  exports: [EvalFieldService],
})
export class EvalFieldModule {}
