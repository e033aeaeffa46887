import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RegionModule } from '../region/region.module';
import { AssetController } from './asset.controller';
import { AssetService } from './asset.service';

@Module({
  imports: [AuthModule, RegionModule],
  controllers: [AssetController],
  providers: [AssetService],
  exports: [AssetService],
})
export class AssetModule {}
