import { Module } from '@nestjs/common';
import { AssetModule } from '../asset/asset.module';
import { AuthModule } from '../auth/auth.module';
import { LoanApplicationController } from './loan-application.controller';
import { LoanApplicationService } from './loan-application.service';

@Module({
  imports: [AuthModule, AssetModule],
  controllers: [LoanApplicationController],
  providers: [LoanApplicationService],
})
export class LoanApplicationModule {}
