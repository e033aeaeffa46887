import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { geocodeResultSchema } from '@valuation/contracts';
import { Perm } from '@valuation/domain';
import { RequirePermission } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { geocodeQuery, type GeocodeQuery } from './geo.schemas';
import { GeoService } from './geo.service';

@ApiTags('地图定位')
@Controller('geo')
export class GeoController {
  constructor(private readonly geo: GeoService) {}

  @RequirePermission(Perm.mapPositioning)
  @Returns(geocodeResultSchema.nullable())
  @Get('geocode')
  @ApiOperation({
    summary:
      '地址定位（不依赖外部服务）：在 cityCode 城市内依次按小区名称或地址、道路门牌、道路、兴趣点、商圈、区县查找 address；返回 { lat, lon（coordtype，默认 bd09ll）, level, label, address }，找不到时 data 为 null',
  })
  geocode(@Query(new ZodValidationPipe(geocodeQuery)) q: GeocodeQuery) {
    return this.geo.geocode(q);
  }
}
