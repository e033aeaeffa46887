import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { regionItemSchema, regionPinyinGroupSchema, regionTreeNodeSchema } from '@valuation/contracts';
import { Authenticated, CurrentPrincipal, ForBothPopulations } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { ApiError } from '../../common/api-error';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { locateQuery, type LocateQuery } from '../community/community.schemas';
import { RegionService } from './region.service';
import { Returns } from '../../common/api-contract';

export const RegionMsg = {
  cityInputRequired: '请输入城市中文名或拼音!',
  cityInputInvalid: '请输入正确的城市名或拼音！',
  levelInvalid: '区域层级只能为1、2或3',
  locateFailed: '定位失败',
} as const;

const treeQuery = z.object({
  level: z.preprocess(
    (v) => (v === undefined || v === '' ? 3 : v),
    z.coerce.number({ message: RegionMsg.levelInvalid }).pipe(z.literal([1, 2, 3], { message: RegionMsg.levelInvalid })),
  ),
});

const filterQuery = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z.string({ message: RegionMsg.cityInputInvalid }).min(1, RegionMsg.cityInputRequired).max(50, RegionMsg.cityInputInvalid),
  ),
});

@ApiTags('区域')
@Controller('region')
export class RegionController {
  constructor(private readonly regions: RegionService) {}

  @Authenticated()
  @ForBothPopulations()
  @Returns(z.array(regionPinyinGroupSchema))
  @Get('py')
  @ApiOperation({ summary: '按拼音首字母分组的城市：[{ pyKey, items: [{ regionName, regionCode }] }]；机构用户与渠道员工均可调用' })
  py() {
    return this.regions.pinyinGroups();
  }

  @Authenticated()
  @ForBothPopulations()
  @Returns(z.array(regionTreeNodeSchema))
  @Get('tree')
  @ApiOperation({ summary: '省、市、区县树（level 1..3，默认 3）：[{ regionCode, regionName, items }]；机构用户与渠道员工均可调用' })
  tree(@Query(new ZodValidationPipe(treeQuery)) q: z.output<typeof treeQuery>) {
    return this.regions.tree(q.level);
  }

  @Authenticated()
  @ForBothPopulations()
  @Returns(z.array(regionItemSchema))
  @Get('filter')
  @ApiOperation({ summary: '按中文名、全拼或首字母查找城市，最多 20 个，最匹配的在前；机构用户与渠道员工均可调用' })
  filter(@Query(new ZodValidationPipe(filterQuery)) q: { name: string }) {
    return this.regions.filterCities(q.name);
  }

  @Authenticated()
  @Returns(z.array(regionItemSchema))
  @Get('opened')
  @ApiOperation({
    summary:
      '本人服务范围内已开通的城市：有效的城市包年估价套餐的城市在前，持有有效的全国估价套餐时再列出其余有小区数据的城市；[{ regionName, regionCode }]',
  })
  opened(@CurrentPrincipal() p: Principal) {
    return this.regions.openedCities({ accountId: p.id, tenantId: p.tenantId });
  }

  @Authenticated()
  @ForBothPopulations()
  @Returns(regionItemSchema)
  @Get('locate')
  @ApiOperation({
    summary:
      '由坐标（lng、lat、coordtype，默认 bd09ll）定位所在城市：{ regionName, regionCode }；无法定位时 404；机构用户与渠道员工均可调用',
  })
  async locate(@Query(new ZodValidationPipe(locateQuery)) q: LocateQuery) {
    const city = await this.regions.locateCity({ lat: q.lat, lon: q.lon }, q.coordtype);
    if (!city) throw ApiError.notFound(RegionMsg.locateFailed);
    return city;
  }
}
