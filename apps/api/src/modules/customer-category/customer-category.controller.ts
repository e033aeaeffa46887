import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { customerCategoryOptionSchema, customerCategoryViewSchema, pagedSchema } from '@valuation/contracts';
import {
  customerCategoryAddSchema,
  customerCategoryDeleteSchema,
  customerCategoryEditSchema,
  customerCategoryListQuerySchema,
  Perm,
  type CustomerCategoryAdd,
  type CustomerCategoryEdit,
  type CustomerCategoryListQuery,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { ReadsBody, Returns } from '../../common/api-contract';
import { CustomerCategoryService } from './customer-category.service';

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

@ApiTags('客户类别')
@Controller('tenant/customer-category')
export class CustomerCategoryController {
  constructor(private readonly categories: CustomerCategoryService) {}

  @RequirePermission(Perm.customerCategory)
  @Returns(pagedSchema(customerCategoryViewSchema))
  @Get('pageable')
  @ApiOperation({ summary: '客户类别列表：pageIndex、pageSize（10/50/100/200）；最近更新的在前，含使用该类别的客户公司数' })
  page(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(customerCategoryListQuerySchema)) q: CustomerCategoryListQuery) {
    return this.categories.page(p, q);
  }

  @RequirePermission(Perm.customerCategory, Perm.customerCompany, Perm.tenantStatSummary, Perm.tenantStatItems)
  @Returns(z.array(customerCategoryOptionSchema))
  @Get('list')
  @ApiOperation({ summary: '本渠道的全部客户类别（供客户公司表单与统计筛选选择）：[{ id, name }]，按名称排序' })
  list(@CurrentPrincipal() p: Principal) {
    return this.categories.options(p);
  }

  @RequirePermission(Perm.customerCategoryAdd)
  @Returns(customerCategoryViewSchema)
  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: '新增客户类别（JSON：name 必填，最多 20 字；remark 最多 100 字）' })
  add(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(customerCategoryAddSchema)) input: CustomerCategoryAdd,
    @Req() req: Request,
  ) {
    return this.categories.add(p, input, req.ip);
  }

  @RequirePermission(Perm.customerCategoryEdit)
  @Returns(customerCategoryViewSchema)
  @Post('update')
  @HttpCode(200)
  @ApiOperation({ summary: '编辑客户类别（JSON：id、name、remark）' })
  update(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(customerCategoryEditSchema)) input: CustomerCategoryEdit,
    @Req() req: Request,
  ) {
    return this.categories.update(p, input, req.ip);
  }

  @RequirePermission(Perm.customerCategoryDelete)
  @Returns(z.null())
  @ReadsBody(customerCategoryDeleteSchema, 'form', 'id 也可作为查询参数')
  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: '删除客户类别（表单 id）；仍有客户公司使用该类别时 400，并说明使用的客户公司数' })
  remove(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const input = new ZodValidationPipe(customerCategoryDeleteSchema).transform({
      ...(req.query as Record<string, unknown>),
      ...bodyOf(req),
    });
    return this.categories.remove(p, input.id, req.ip);
  }
}
