import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { pagedSchema, riskCoefficientViewSchema } from '@valuation/contracts';
import {
  Perm,
  riskAddSchema,
  riskDeleteSchema,
  riskEditSchema,
  riskListQuerySchema,
  riskRegionQuerySchema,
  type RiskAdd,
  type RiskEdit,
  type RiskListQuery,
  type RiskRegionQuery,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { ReadsBody, Returns } from '../../common/api-contract';
import { RiskService } from './risk.service';

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

@ApiTags('风控系数')
@Controller('risk')
export class RiskController {
  constructor(private readonly risks: RiskService) {}

  @RequirePermission(Perm.risk)
  @Returns(pagedSchema(riskCoefficientViewSchema))
  @Get('list')
  @ApiOperation({
    summary:
      '本公司的风控系数列表：provinceCode、cityCode、distCode、businessName、coefficientMin、coefficientMax、beginDate、endDate（yyyy/MM/dd，更新日期）、pageIndex、pageSize（10/50/100/200）；最近更新的在前',
  })
  page(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(riskListQuerySchema)) q: RiskListQuery) {
    return this.risks.page(p, q);
  }

  @RequirePermission(Perm.riskAdd, Perm.riskEdit)
  @Returns(riskCoefficientViewSchema.nullable())
  @Get('get')
  @ApiOperation({ summary: '本公司恰为该地区（provinceCode，可选 cityCode、distCode）设置的风控系数；没有时 data 为 null' })
  atRegion(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(riskRegionQuerySchema)) q: RiskRegionQuery) {
    return this.risks.atRegion(p, q);
  }

  @RequirePermission(Perm.riskAdd)
  @Returns(riskCoefficientViewSchema)
  @Post('add')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '新增风控系数（表单或 JSON：provinceCode 必填，cityCode、distCode 可选；businessId 逗号分隔，空为全部业务；priceCoefficient 0-1，两位小数）。该地区已有系数时替换它（保留其 id）；地区与业务名称由服务端确定',
  })
  add(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(riskAddSchema)) input: RiskAdd, @Req() req: Request) {
    return this.risks.add(p, input, req.ip);
  }

  @RequirePermission(Perm.riskEdit)
  @Returns(riskCoefficientViewSchema)
  @Post('update')
  @HttpCode(200)
  @ApiOperation({ summary: '编辑风控系数（新增的字段与 id）；新地区已有另一系数时 400（data.id 为该系数，客户端确认后编辑它）' })
  update(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(riskEditSchema)) input: RiskEdit, @Req() req: Request) {
    return this.risks.update(p, input, req.ip);
  }

  @RequirePermission(Perm.riskDelete)
  @Returns(z.null())
  @ReadsBody(riskDeleteSchema, 'form', 'id 也可作为查询参数')
  @Post('del')
  @HttpCode(200)
  @ApiOperation({ summary: '删除风控系数（表单 id）' })
  remove(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const input = new ZodValidationPipe(riskDeleteSchema).transform({ ...(req.query as Record<string, unknown>), ...bodyOf(req) });
    return this.risks.remove(p, input.id, req.ip);
  }
}
