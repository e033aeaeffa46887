import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AssetTypeController } from './asset-type.controller';
import { AssetTypeService } from './asset-type.service';

@Module({
  imports: [AuthModule],
  controllers: [AssetTypeController],
  providers: [AssetTypeService],
})
export class AssetTypeModule {}
