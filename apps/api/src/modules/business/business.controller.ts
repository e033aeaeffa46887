import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { businessItemSchema, businessViewSchema, pagedSchema } from '@valuation/contracts';
import {
  businessAddSchema,
  businessDeleteSchema,
  businessEditSchema,
  businessListQuerySchema,
  Perm,
  type BusinessAdd,
  type BusinessEdit,
  type BusinessListQuery,
} from '@valuation/domain';
import { Authenticated, CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { BusinessService } from './business.service';
import { ReadsBody, Returns } from '../../common/api-contract';

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

@ApiTags('业务类型')
@Controller('business')
export class BusinessController {
  constructor(private readonly businesses: BusinessService) {}

  @Authenticated()
  @Returns(z.array(businessItemSchema))
  @Get('list')
  @ApiOperation({ summary: '本公司的业务类型（不含已删除）：[{ id, businessName }]' })
  list(@CurrentPrincipal() p: Principal) {
    return this.businesses.list(p);
  }

  @RequirePermission(Perm.business)
  @Returns(pagedSchema(businessViewSchema))
  @Get('pageable')
  @ApiOperation({ summary: '本公司的业务类型列表：pageIndex、pageSize（10/50/100/200）；最近更新的在前，不含已删除' })
  page(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(businessListQuerySchema)) q: BusinessListQuery) {
    return this.businesses.page(p, q);
  }

  @RequirePermission(Perm.businessAdd)
  @Returns(businessViewSchema)
  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: '新增业务类型（表单：name 必填，最多 20 字；remark 最多 100 字）' })
  add(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(businessAddSchema)) input: BusinessAdd, @Req() req: Request) {
    return this.businesses.add(p, input, req.ip);
  }

  @RequirePermission(Perm.businessEdit)
  @Returns(businessViewSchema)
  @Post('update')
  @HttpCode(200)
  @ApiOperation({ summary: '编辑业务类型（表单：id、name、remark）' })
  update(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(businessEditSchema)) input: BusinessEdit, @Req() req: Request) {
    return this.businesses.update(p, input, req.ip);
  }

  @RequirePermission(Perm.businessDelete)
  @Returns(z.null())
  @ReadsBody(businessDeleteSchema, 'form', 'id 也可作为查询参数')
  @Post('del')
  @HttpCode(200)
  @ApiOperation({
    summary: '删除业务类型（表单 id）：估价记录仍显示其名称；只为该业务设置的风险系数随之删除，同时为其他业务设置的风险系数去掉该业务',
  })
  remove(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const input = new ZodValidationPipe(businessDeleteSchema).transform({ ...(req.query as Record<string, unknown>), ...bodyOf(req) });
    return this.businesses.remove(p, input.id, req.ip);
  }
}
