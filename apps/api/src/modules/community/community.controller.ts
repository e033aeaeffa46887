import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { POINT_COMMUNITY_RADIUS_M } from '@valuation/domain';
import {
  communityAroundSchema,
  communityDetailSchema,
  communityFilterResultSchema,
  communityPriceHistorySchema,
  gpsCommunityListSchema,
  localMarketSchema,
  monthSeriesSchema,
  nearbyCommunityListSchema,
  priceDistributionSchema,
  roomTypeSeriesSchema,
} from '@valuation/contracts';
import { ObjectStorage } from '@valuation/storage';
import { Authenticated } from '../../common/access.decorators';
import { ApiError } from '../../common/api-error';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import {
  analysisQuery,
  aroundQuery,
  CommunityMsg,
  detailQuery,
  distQuery,
  filterQuery,
  gpsQuery,
  imageQuery,
  listQuery,
  localMarketQuery,
  priceQuery,
  roomTypeQuery,
  type AnalysisQuery,
  type AroundQuery,
  type DetailQuery,
  type DistQuery,
  type FilterQuery,
  type GpsQuery,
  type ListQuery,
  type LocalMarketQuery,
  type PriceQuery,
  type RoomTypeQuery,
} from './community.schemas';
import { CommunityService } from './community.service';
import { MarketStatsService, TRADE } from './market-stats.service';
import { Returns } from '../../common/api-contract';
import { ReturnsFile } from '../../common/file-answer';

const tradeOf = (t: 'forsale' | 'lease') => (t === 'lease' ? TRADE.lease : TRADE.sale);

/**
 * Community market data for logged-in users. The city may be a city code (110100) or name;
 * coordinates are answered in the caller's datum (coordtype bd09ll, gcj02 or wgs84; bd09ll when
 * omitted).
 */
@ApiTags('小区与市场行情')
@Controller('community')
export class CommunityController {
  constructor(
    private readonly communities: CommunityService,
    private readonly stats: MarketStatsService,
    private readonly storage: ObjectStorage,
  ) {}

  @Authenticated()
  @Returns(communityFilterResultSchema)
  @Get('filter')
  @ApiOperation({ summary: '按小区名称或地址模糊查找（city、dist、name 至少 2 个字）；无匹配时 code 402' })
  filter(@Query(new ZodValidationPipe(filterQuery)) q: FilterQuery) {
    return this.communities.filter(q);
  }

  @Authenticated()
  @Returns(communityPriceHistorySchema)
  @Get('price')
  @ApiOperation({ summary: '小区近 24 个月均价与环比：tradeType forsale_history | lease_history（不传则两者）' })
  async price(@Query(new ZodValidationPipe(priceQuery)) q: PriceQuery) {
    const { community } = await this.communities.community(q.city, q.ha);
    const trades =
      q.tradeType === 'forsale_history' ? [TRADE.sale] : q.tradeType === 'lease_history' ? [TRADE.lease] : [TRADE.sale, TRADE.lease];
    return this.stats.priceHistory(community.haCode, q.propType, trades);
  }

  @Authenticated()
  @Returns(monthSeriesSchema)
  @Get('analysis')
  @ApiOperation({ summary: '月度走势：statType price 均价 | count 案例量；tradeType forsale | lease | newha；statKey 限定居室数' })
  async analysis(@Query(new ZodValidationPipe(analysisQuery)) q: AnalysisQuery) {
    const { community } = await this.communities.community(q.city, q.ha);
    return this.stats.monthly(community, q);
  }

  @Authenticated()
  @Returns(priceDistributionSchema)
  @Get('dist')
  @ApiOperation({ summary: '价格分布（近 sinceYear 年，默认 5）：rows [{ step 区间下限, data 案例数 }]' })
  async dist(@Query(new ZodValidationPipe(distQuery)) q: DistQuery) {
    const { community } = await this.communities.community(q.city, q.ha);
    return this.stats.distribution(
      { communityId: community.id, tradeType: tradeOf(q.tradeType), propType: q.propType, sinceYear: q.sinceYear },
      q.statType,
    );
  }

  @Authenticated()
  @Returns(roomTypeSeriesSchema)
  @Get('br')
  @ApiOperation({ summary: '居室分布：statKey rate 占比（%）| price 均价；rows [{ br 居室数（15 为 15 及以上）, data }]' })
  async br(@Query(new ZodValidationPipe(roomTypeQuery)) q: RoomTypeQuery) {
    const { community } = await this.communities.community(q.city, q.ha);
    return this.stats.byRooms(
      { communityId: community.id, tradeType: tradeOf(q.tradeType), propType: q.propType, sinceYear: q.sinceYear },
      q.statKey,
    );
  }

  @Authenticated()
  @Returns(nearbyCommunityListSchema)
  @Get('list')
  @ApiOperation({ summary: '周边小区（lat、lon、coordtype，limit 默认 20 最多 50，distance 默认 500 米），由近及远' })
  list(@Query(new ZodValidationPipe(listQuery)) q: ListQuery) {
    return this.communities.list(q);
  }

  @Authenticated()
  @Returns(gpsCommunityListSchema)
  @Get('gpstoha')
  @ApiOperation({ summary: `坐标所在小区（${POINT_COMMUNITY_RADIUS_M} 米内，由近及远）：lng、lat、coordtype` })
  gpsToHa(@Query(new ZodValidationPipe(gpsQuery)) q: GpsQuery) {
    return this.communities.gpsToCommunity(q);
  }

  @Authenticated()
  @Returns(communityDetailSchema)
  @Get('detail')
  @ApiOperation({ summary: '小区详情（bdlocation 为 bd09ll 坐标，均价取最新月度指数）' })
  detail(@Query(new ZodValidationPipe(detailQuery)) q: DetailQuery) {
    return this.communities.detail(q.city, q.ha, q.propType);
  }

  @Authenticated()
  @Returns(localMarketSchema)
  @Get('local-market')
  @ApiOperation({ summary: '城市最新月度均价：result.price、result.leasePrice 及环比' })
  localMarket(@Query(new ZodValidationPipe(localMarketQuery)) q: LocalMarketQuery) {
    return this.communities.localMarket(q.city, q.propType);
  }

  @Authenticated()
  @Returns(communityAroundSchema)
  @Get('around')
  @ApiOperation({ summary: '小区周边 1 公里的交通、教育、医疗，由近及远' })
  around(@Query(new ZodValidationPipe(aroundQuery)) q: AroundQuery) {
    return this.communities.around(q.city, q.ha);
  }

  @Authenticated()
  @ReturnsFile('image/*', '图片（png、jpg 或 gif）')
  @Get('image')
  @ApiOperation({ summary: '小区图片（imageUrl 指向此处；可用 Authorization 查询参数携带令牌）' })
  async image(@Query(new ZodValidationPipe(imageQuery)) q: { ha: string }, @Res({ passthrough: true }) res: Response) {
    const key = await this.communities.imageKey(q.ha);
    const stat = key ? await this.storage.stat(key) : null;
    if (!key || !stat) throw ApiError.notFound(CommunityMsg.noImage);
    res.setHeader('Content-Type', stat.metaData?.['content-type'] ?? 'application/octet-stream');
    res.setHeader('Content-Length', String(stat.size));
    res.setHeader('Cache-Control', 'private, max-age=3600');
    return new StreamableFile(await this.storage.getStream(key));
  }
}
