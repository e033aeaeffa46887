import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  loanAssetOptionSchema,
  loanHouseViewSchema,
  loanScreenViewSchema,
  loanStructureViewSchema,
  loanTrendViewSchema,
} from '@valuation/contracts';
import {
  loanAssetSearchSchema,
  loanHouseQuerySchema,
  loanStructureQuerySchema,
  loanTrendQuerySchema,
  Perm,
  type LoanAssetSearch,
  type LoanHouseQuery,
  type LoanStructureQuery,
  type LoanTrendQuery,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import { ReturnsXlsx } from '../../common/file-answer';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { CollateralAnalyticsService } from './collateral-analytics.service';

/** The spec's LoanOf* pages: analytics of the asset book's revaluation runs, within the caller's records data range. */
@ApiTags('押品监测')
@Controller('reval/analytics')
export class CollateralAnalyticsController {
  constructor(private readonly analytics: CollateralAnalyticsService) {}

  @RequirePermission(Perm.loanTrend)
  @Returns(loanTrendViewSchema)
  @Get('trend')
  @ApiOperation({
    summary:
      '价值趋势（cityCode、distCode 可选）：各已完成重估任务的资产价值链式指数（首个任务为100，每期按前后两期均已估价的同一批资产的价值比推进），及价值最高的5个城市（选了城市时为区县）的指数',
  })
  trend(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(loanTrendQuerySchema)) q: LoanTrendQuery) {
    return this.analytics.trend(p, q);
  }

  @RequirePermission(Perm.loanTrend)
  @ReturnsXlsx('价值趋势 .xlsx')
  @Get('trend/export')
  @ApiOperation({ summary: '导出价值趋势 .xlsx（筛选同 trend）；无数据时 404 暂无数据' })
  async exportTrend(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(loanTrendQuerySchema)) q: LoanTrendQuery) {
    const { content, fileName } = await this.analytics.exportTrend(p, q);
    return xlsxFile(content, fileName);
  }

  @RequirePermission(Perm.loanStructure)
  @Returns(loanStructureViewSchema)
  @Get('structure')
  @ApiOperation({
    summary:
      '结构分析（runId 可选，默认最近一次已完成的重估任务）：按城市、区县、物业类型、置信度、抵押率区间、放款年份分组的资产数、价值、贷款余额与平均抵押率',
  })
  structure(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(loanStructureQuerySchema)) q: LoanStructureQuery) {
    return this.analytics.structure(p, q);
  }

  @RequirePermission(Perm.loanStructure)
  @ReturnsXlsx('结构分析 .xlsx')
  @Get('structure/export')
  @ApiOperation({ summary: '导出结构分析 .xlsx（runId 同 structure，各维度依次列出）；无数据时 404 暂无数据' })
  async exportStructure(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(loanStructureQuerySchema)) q: LoanStructureQuery) {
    const { content, fileName } = await this.analytics.exportStructure(p, q);
    return xlsxFile(content, fileName);
  }

  @RequirePermission(Perm.loanHouse)
  @Returns(loanHouseViewSchema)
  @Get('house')
  @ApiOperation({
    summary: '单押品分析（assetId）：估值历史（首次重估前为估价记录）、抵押率变化、所在小区指数与预警；数据范围外或不存在时 404',
  })
  house(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(loanHouseQuerySchema)) q: LoanHouseQuery) {
    return this.analytics.house(p, q.assetId);
  }

  @RequirePermission(Perm.loanHouse)
  @Returns(z.array(loanAssetOptionSchema))
  @Get('house/assets')
  @ApiOperation({ summary: '按贷款编号（前缀，可空）查找有贷款的资产，最多20项' })
  assets(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(loanAssetSearchSchema)) q: LoanAssetSearch) {
    return this.analytics.assetOptions(p, q);
  }

  @RequirePermission(Perm.loanScreen)
  @Returns(loanScreenViewSchema)
  @Get('screen')
  @ApiOperation({ summary: '贷后大屏：最近一次已完成重估的汇总、预警分类、抵押率分布、涨跌幅前10的资产与最近12次重估的价值' })
  screen(@CurrentPrincipal() p: Principal) {
    return this.analytics.screen(p);
  }
}
