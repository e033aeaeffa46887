import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { evalMethodSettingSchema } from '@valuation/contracts';
import { evalMethodQuerySchema, evalMethodUpdateSchema, Perm, type EvalMethodUpdate } from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { Returns } from '../../common/api-contract';
import { EvalMethodService } from './eval-method.service';

@ApiTags('估价方法')
@Controller('org/tenant')
export class EvalMethodController {
  constructor(private readonly methods: EvalMethodService) {}

  @RequirePermission(Perm.evalMethod)
  @Returns(evalMethodSettingSchema)
  @Get('getevalclass')
  @ApiOperation({ summary: '本渠道的估价方法（evalFlags，逗号分隔 1-4）与可信度等级（evalClass，A/B/C）；tenantId 须为本渠道' })
  get(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(evalMethodQuerySchema)) q: { tenantId: number }) {
    return this.methods.get(p, q.tenantId);
  }

  @RequirePermission(Perm.evalMethod)
  @Returns(evalMethodSettingSchema)
  @Post('updateevalclass')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '设置本渠道的估价方法与可信度等级（JSON：tenantId、evalFlags、evalClass）：至少一种方法；选择等级须先选择比较法；立即用于本渠道客户的新估价',
  })
  update(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(evalMethodUpdateSchema)) input: EvalMethodUpdate,
    @Req() req: Request,
  ) {
    return this.methods.update(p, input, req.ip);
  }
}
