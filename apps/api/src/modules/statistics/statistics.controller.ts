import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  channelStatItemsSchema,
  channelStatSummarySchema,
  orgTreeNodeSchema,
  statItemsSchema,
  statSummarySchema,
} from '@valuation/contracts';
import {
  channelStatItemsFilterSchema,
  channelStatItemsQuerySchema,
  channelStatSummaryFilterSchema,
  channelStatSummaryQuerySchema,
  Perm,
  statItemsFilterSchema,
  statItemsQuerySchema,
  statSummaryFilterSchema,
  statSummaryQuerySchema,
  type ChannelStatItemsFilter,
  type ChannelStatItemsQuery,
  type ChannelStatSummaryFilter,
  type ChannelStatSummaryQuery,
  type StatItemsFilter,
  type StatItemsQuery,
  type StatSummaryFilter,
  type StatSummaryQuery,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import { ReturnsXlsx } from '../../common/file-answer';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { StatisticsService } from './statistics.service';

const FILTERS =
  'statMethod（1 按估价方式 2 按报告类型）、organizationIds（至少一个，须在统计数据范围内）、account（登录账号，完全匹配）、source（0 全部 1 PC 2 APP 3 微信）、beginDate、endDate（yyyy/MM/dd）';
const CHANNEL_FILTERS =
  'companyName（包含）、companyId、categoryId（客户类别）、account（登录账号，完全匹配）、source（0 全部 1 PC 2 APP 3 微信）、beginDate、endDate（yyyy/MM/dd）';
const SUB_METHOD = 'statSubMethod（0 全部 11 快速估价 12 批量估价 13 人工询价 14 人工复评 21 询价报告 22 咨询报告；大于 20 即按报告类型）';

/** The organisation's usage statistics: summary (permission 7, range 36/37) and detail (permission 8, range 38/39). */
@ApiTags('估价统计')
@Controller('statistics')
export class StatisticsController {
  constructor(private readonly stats: StatisticsService) {}

  @RequirePermission(Perm.statSummary, Perm.statItems)
  @Returns(z.array(orgTreeNodeSchema))
  @Get('orgs')
  @ApiOperation({
    summary:
      'view=summary（需 7，范围 36/37）或 items（需 8，范围 38/39）：统计可选的机构树；持有下级范围时为本机构及其全部下级机构，否则仅本机构',
  })
  orgs(@CurrentPrincipal() p: Principal, @Query('view') view?: string) {
    return this.stats.tree(p, view === 'items' ? 'items' : 'summary');
  }

  @RequirePermission(Perm.statSummary)
  @Returns(statSummarySchema)
  @Get('summary')
  @ApiOperation({ summary: `估价汇总：每个机构与账号一行及全部行的合计。${FILTERS}、pageIndex、pageSize（20/50/100/200）` })
  summary(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(statSummaryQuerySchema)) q: StatSummaryQuery) {
    return this.stats.summary(p, q);
  }

  @RequirePermission(Perm.statSummary)
  @ReturnsXlsx('估价汇总 .xlsx')
  @Get('summary/export')
  @ApiOperation({ summary: '导出估价汇总 .xlsx（筛选同列表）；没有数据时答 暂无数据' })
  async exportSummary(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(statSummaryFilterSchema)) q: StatSummaryFilter) {
    const { content, fileName } = await this.stats.exportSummary(p, q);
    return xlsxFile(content, fileName);
  }

  @RequirePermission(Perm.statItems)
  @Returns(statItemsSchema)
  @Get('items')
  @ApiOperation({ summary: `估价明细，最新的在前。${FILTERS}、${SUB_METHOD}、pageIndex、pageSize（10/50/100/200）` })
  items(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(statItemsQuerySchema)) q: StatItemsQuery) {
    return this.stats.items(p, q);
  }

  @RequirePermission(Perm.statItems)
  @ReturnsXlsx('估价明细 .xlsx')
  @Get('items/export')
  @ApiOperation({ summary: '导出估价明细 .xlsx（筛选同列表，最多最新 10000 条）；没有数据时答 暂无数据' })
  async exportItems(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(statItemsFilterSchema)) q: StatItemsFilter) {
    const { content, fileName } = await this.stats.exportItems(p, q);
    return xlsxFile(content, fileName);
  }
}

/** The channel's usage statistics of its customer companies: summary (permission 71) and detail (permission 72). */
@ApiTags('估价统计（渠道）')
@Controller('tenant/statistics')
export class ChannelStatisticsController {
  constructor(private readonly stats: StatisticsService) {}

  @RequirePermission(Perm.tenantStatSummary)
  @Returns(channelStatSummarySchema)
  @Get('summary')
  @ApiOperation({ summary: `估价汇总：每个客户公司与账号一行及合计。${CHANNEL_FILTERS}、pageIndex、pageSize（20/50/100/200）` })
  summary(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(channelStatSummaryQuerySchema)) q: ChannelStatSummaryQuery) {
    return this.stats.channelSummary(p, q);
  }

  @RequirePermission(Perm.tenantStatSummary)
  @ReturnsXlsx('估价汇总 .xlsx')
  @Get('summary/export')
  @ApiOperation({ summary: '导出估价汇总 .xlsx（筛选同列表）；没有数据时答 暂无数据' })
  async exportSummary(
    @CurrentPrincipal() p: Principal,
    @Query(new ZodValidationPipe(channelStatSummaryFilterSchema)) q: ChannelStatSummaryFilter,
  ) {
    const { content, fileName } = await this.stats.exportChannelSummary(p, q);
    return xlsxFile(content, fileName);
  }

  @RequirePermission(Perm.tenantStatItems)
  @Returns(channelStatItemsSchema)
  @Get('items')
  @ApiOperation({ summary: `估价明细，最新的在前。${CHANNEL_FILTERS}、statMethod、${SUB_METHOD}、pageIndex、pageSize（10/50/100/200）` })
  items(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(channelStatItemsQuerySchema)) q: ChannelStatItemsQuery) {
    return this.stats.channelItems(p, q);
  }

  @RequirePermission(Perm.tenantStatItems)
  @ReturnsXlsx('估价明细 .xlsx')
  @Get('items/export')
  @ApiOperation({ summary: '导出估价明细 .xlsx（筛选同列表，最多最新 10000 条）；没有数据时答 暂无数据' })
  async exportItems(
    @CurrentPrincipal() p: Principal,
    @Query(new ZodValidationPipe(channelStatItemsFilterSchema)) q: ChannelStatItemsFilter,
  ) {
    const { content, fileName } = await this.stats.exportChannelItems(p, q);
    return xlsxFile(content, fileName);
  }
}
