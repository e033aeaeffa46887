import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CustomerCategoryController } from './customer-category.controller';
import { CustomerCategoryService } from './customer-category.service';

@Module({
  imports: [AuthModule],
  controllers: [CustomerCategoryController],
  providers: [CustomerCategoryService],
})
export class CustomerCategoryModule {}
