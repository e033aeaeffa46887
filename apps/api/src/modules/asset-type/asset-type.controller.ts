import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { assetTypeOptionSchema, assetTypeViewSchema, pagedSchema } from '@valuation/contracts';
import {
  assetTypeAddSchema,
  assetTypeDeleteSchema,
  assetTypeEditSchema,
  assetTypeListQuerySchema,
  Perm,
  type AssetTypeAdd,
  type AssetTypeEdit,
  type AssetTypeListQuery,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { ReadsBody, Returns } from '../../common/api-contract';
import { AssetTypeService } from './asset-type.service';

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

@ApiTags('资产类型')
@Controller('asset-type')
export class AssetTypeController {
  constructor(private readonly types: AssetTypeService) {}

  @RequirePermission(Perm.assets, Perm.assetType)
  @Returns(z.array(assetTypeOptionSchema))
  @Get('list')
  @ApiOperation({ summary: '本公司的全部资产类型（供资产列表筛选与设置类型选择）：[{ id, assetName }]，按名称排序' })
  list(@CurrentPrincipal() p: Principal) {
    return this.types.options(p);
  }

  @RequirePermission(Perm.assetType)
  @Returns(pagedSchema(assetTypeViewSchema))
  @Get('pageable')
  @ApiOperation({ summary: '本公司的资产类型列表：pageIndex、pageSize（10/50/100/200）；最近更新的在前，含该类型的资产数' })
  page(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(assetTypeListQuerySchema)) q: AssetTypeListQuery) {
    return this.types.page(p, q);
  }

  @RequirePermission(Perm.assetTypeAdd)
  @Returns(assetTypeViewSchema)
  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: '新增资产类型（表单：name 必填，最多 20 字；remark 最多 100 字）' })
  add(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(assetTypeAddSchema)) input: AssetTypeAdd, @Req() req: Request) {
    return this.types.add(p, input, req.ip);
  }

  @RequirePermission(Perm.assetType)
  @Returns(assetTypeViewSchema)
  @Post('update')
  @HttpCode(200)
  @ApiOperation({ summary: '编辑资产类型（表单：id、name、remark）' })
  update(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(assetTypeEditSchema)) input: AssetTypeEdit, @Req() req: Request) {
    return this.types.update(p, input, req.ip);
  }

  @RequirePermission(Perm.assetType)
  @Returns(z.null())
  @ReadsBody(assetTypeDeleteSchema, 'form', 'id 也可作为查询参数')
  @Post('del')
  @HttpCode(200)
  @ApiOperation({ summary: '删除资产类型（表单 id）：设置为该类型的资产变为无类型状态' })
  remove(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const input = new ZodValidationPipe(assetTypeDeleteSchema).transform({ ...(req.query as Record<string, unknown>), ...bodyOf(req) });
    return this.types.remove(p, input.id, req.ip);
  }
}
