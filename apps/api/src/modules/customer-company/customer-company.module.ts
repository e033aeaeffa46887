import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CustomerCompanyController } from './customer-company.controller';
import { CustomerCompanyService } from './customer-company.service';

@Module({
  imports: [AuthModule],
  controllers: [CustomerCompanyController],
  providers: [CustomerCompanyService],
})
export class CustomerCompanyModule {}
