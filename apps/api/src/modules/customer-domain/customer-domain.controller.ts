import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { customerDomainViewSchema, pagedSchema } from '@valuation/contracts';
import {
  customerDomainApplySchema,
  customerDomainDeleteSchema,
  customerDomainEditSchema,
  customerDomainListQuerySchema,
  Perm,
  type CustomerDomainApply,
  type CustomerDomainEdit,
  type CustomerDomainListQuery,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { CustomerDomainService } from './customer-domain.service';
import { ReadsBody, Returns } from '../../common/api-contract';

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

@ApiTags('域名申请')
@Controller('tenant/customer-domain')
export class CustomerDomainController {
  constructor(private readonly domains: CustomerDomainService) {}

  @RequirePermission(Perm.customerDomain)
  @Returns(pagedSchema(customerDomainViewSchema))
  @Get('pageable')
  @ApiOperation({ summary: '域名申请列表：pageIndex、pageSize（10/50/100/200）；最近更新的在前。state 1 处理中，2 已完成，3 申请失败' })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(customerDomainListQuerySchema)) q: CustomerDomainListQuery) {
    return this.domains.list(p, q);
  }

  @RequirePermission(Perm.customerDomainApply)
  @Returns(customerDomainViewSchema)
  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: '申请域名（JSON：companyId、domain）；域名已被申请过时 403「同一域名只可申请一次」' })
  add(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(customerDomainApplySchema)) input: CustomerDomainApply,
    @Req() req: Request,
  ) {
    return this.domains.apply(p, input, req.ip);
  }

  @RequirePermission(Perm.customerDomainEdit)
  @Returns(customerDomainViewSchema)
  @Post('update')
  @HttpCode(200)
  @ApiOperation({ summary: '修改域名（id、companyId、domain；客户公司不可修改）：域名须有变化，修改后重新处理；域名已被申请过时 403' })
  update(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(customerDomainEditSchema)) input: CustomerDomainEdit,
    @Req() req: Request,
  ) {
    return this.domains.update(p, input, req.ip);
  }

  @RequirePermission(Perm.customerDomainDelete)
  @Returns(z.null())
  @ReadsBody(customerDomainDeleteSchema, 'form', 'id 也可作为查询参数')
  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: '删除域名申请：id（表单、JSON 或查询参数）' })
  delete(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const input = new ZodValidationPipe(customerDomainDeleteSchema).transform({
      ...(req.query as Record<string, unknown>),
      ...bodyOf(req),
    });
    return this.domains.remove(p, input.id, req.ip);
  }
}
