import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import {
  driftAlertListSchema,
  driftAlertReadResultSchema,
  driftRuleViewSchema,
  revalItemListSchema,
  revalRunListSchema,
  revalRunViewSchema,
} from '@valuation/contracts';
import {
  catalogueId,
  driftAlertFilterSchema,
  driftAlertListQuerySchema,
  driftAlertReadSchema,
  driftRuleSchema,
  Perm,
  RevalMsg,
  revalItemListQuerySchema,
  revalRunListQuerySchema,
  type DriftAlertFilter,
  type DriftAlertListQuery,
  type DriftAlertReadInput,
  type DriftRule,
  type RevalItemListQuery,
  type RevalRunListQuery,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import { ReturnsXlsx } from '../../common/file-answer';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { CollateralService } from './collateral.service';

const runQuerySchema = z.object({ id: catalogueId(RevalMsg.runNotFound) });

@ApiTags('押品监测')
@Controller('reval')
export class CollateralController {
  constructor(private readonly collateral: CollateralService) {}

  @RequirePermission(Perm.revalRun)
  @Returns(z.object({ runId: z.number(), total: z.number() }))
  @Post('run')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '发起重估：本公司资产按其最近一次估价的房产信息重新估价，由批量估价进程分组执行；渠道为本公司设置押品重估计费时每项资产扣发起人 1 次估价次数（未估出价值的在任务结束时退回），次数不足时 403 且不创建任务；已有重估任务进行中或无资产时 400',
  })
  start(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    return this.collateral.start(p, req.ip);
  }

  @RequirePermission(Perm.collateral)
  @Returns(revalRunListSchema)
  @Get('runs')
  @ApiOperation({ summary: '重估任务列表（state 1 重估中、2 已完成、3 失败；pageIndex、pageSize），最新的在前' })
  runs(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(revalRunListQuerySchema)) q: RevalRunListQuery) {
    return this.collateral.runs(p, q);
  }

  @RequirePermission(Perm.collateral)
  @Returns(revalRunViewSchema)
  @Get('run')
  @ApiOperation({ summary: '一个重估任务及其进度（query id）' })
  run(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(runQuerySchema)) q: { id: number }) {
    return this.collateral.run(p, q.id);
  }

  @RequirePermission(Perm.collateral)
  @Returns(revalItemListSchema)
  @Get('items')
  @ApiOperation({ summary: '重估任务的资产明细（runId、state 0 待估价 1 已估价 2 未估价、pageIndex、pageSize），按估价记录的数据范围' })
  items(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(revalItemListQuerySchema)) q: RevalItemListQuery) {
    return this.collateral.items(p, q);
  }

  @RequirePermission(Perm.collateral)
  @Returns(driftAlertListSchema)
  @Get('alerts')
  @ApiOperation({ summary: '押品预警（kind originDrop/lastDrop/ltv/classC、runId、loanNo、pageIndex、pageSize），最新的在前' })
  alerts(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(driftAlertListQuerySchema)) q: DriftAlertListQuery) {
    return this.collateral.alerts(p, q);
  }

  @RequirePermission(Perm.collateral)
  @Returns(z.number().int())
  @Get('alerts/unread')
  @ApiOperation({ summary: '未读押品预警条数（按估价记录的数据范围）' })
  unreadAlerts(@CurrentPrincipal() p: Principal) {
    return this.collateral.unreadAlerts(p);
  }

  @RequirePermission(Perm.collateral)
  @Returns(driftAlertReadResultSchema)
  @Post('alerts/read')
  @HttpCode(200)
  @ApiOperation({
    summary: '押品预警标为已读（ids：预警编号数组或以逗号分隔，最多 200 个；或 all=true 标记数据范围内全部未读预警），返回本次标记的条数',
  })
  readAlerts(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(driftAlertReadSchema)) input: DriftAlertReadInput,
    @Req() req: Request,
  ) {
    return this.collateral.markAlertsRead(p, input, req.ip);
  }

  @RequirePermission(Perm.driftAlertExport)
  @ReturnsXlsx('押品预警 .xlsx')
  @Get('alerts/export')
  @ApiOperation({ summary: '导出押品预警 .xlsx（筛选同 alerts，最多 10000 条）；无数据时 404 暂无数据' })
  async exportAlerts(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(driftAlertFilterSchema)) q: DriftAlertFilter) {
    const { content, fileName } = await this.collateral.exportAlerts(p, q);
    return xlsxFile(content, fileName);
  }

  @RequirePermission(Perm.collateral)
  @Returns(driftRuleViewSchema)
  @Get('rule')
  @ApiOperation({ summary: '本公司的预警规则与定期重估周期（未设置时为默认值）' })
  rule(@CurrentPrincipal() p: Principal) {
    return this.collateral.rule(p);
  }

  @RequirePermission(Perm.driftRule)
  @Returns(z.null())
  @Post('rule')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '保存预警规则（表单：originDropPct、lastDropPct 1-100，maxLtvPct 1-200，alertClassC、scheduleEnabled true/false，scheduleMonths 1-12）',
  })
  saveRule(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(driftRuleSchema)) rule: DriftRule, @Req() req: Request) {
    return this.collateral.saveRule(p, rule, req.ip);
  }
}
