import { Module } from '@nestjs/common';
import { CustomerCompanyController } from './customer-company.controller';
import { CustomerCompanyService } from './customer-company.service';

@Module({
  controllers: [CustomerCompanyController],
  providers: [CustomerCompanyService],
})
export class CustomerCompanyModule {}
