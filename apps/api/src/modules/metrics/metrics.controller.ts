import { Controller, Get, Inject, Req, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { Msg } from '@valuation/domain';
import { Metrics } from '@valuation/queue';
import { Public } from '../../common/access.decorators';
import { ReturnsFile } from '../../common/file-answer';
import { ApiError } from '../../common/api-error';
import { mayReadMetrics } from '../../common/http-metrics';

@ApiTags('运行状态')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Answers 404 like an unknown route to callers that may not read it. */
  @Public()
  @ReturnsFile(Registry.PROMETHEUS_CONTENT_TYPE, 'Prometheus 文本格式的指标')
  @Get()
  @ApiOperation({
    summary: 'Prometheus 指标：仅限内网地址直接访问，或带 Authorization: Bearer <METRICS_TOKEN>',
  })
  async scrape(@Req() req: Request): Promise<StreamableFile> {
    if (!mayReadMetrics(req, this.config.METRICS_TOKEN)) throw ApiError.notFound(Msg.notFound);
    const { contentType, text } = await this.metrics.exposition();
    return new StreamableFile(Buffer.from(text), { type: contentType });
  }
}
