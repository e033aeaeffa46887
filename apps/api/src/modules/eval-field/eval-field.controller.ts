import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { evalFieldItemSchema } from '@valuation/contracts';
import { evalFieldSaveSchema, Perm, type EvalFieldSave } from '@valuation/domain';
import { Authenticated, CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { EvalFieldService } from './eval-field.service';
import { Returns } from '../../common/api-contract';

@ApiTags('估价字段')
@Controller('eval-field')
export class EvalFieldController {
  constructor(private readonly fields: EvalFieldService) {}

  @Authenticated()
  @Returns(z.array(evalFieldItemSchema))
  @Get('list')
  @ApiOperation({ summary: '估价表单可配置字段（本公司设置优先，其次渠道设置，再次默认）' })
  list(@CurrentPrincipal() p: Principal) {
    return this.fields.list(p);
  }

  @RequirePermission(Perm.fieldSettings)
  @Returns(z.array(evalFieldItemSchema))
  @Post('save')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '保存本公司的字段设置（JSON 数组：fieldKey、display、required）；固定字段（entryType 0）不可修改，entryType 2 只可修改是否必填；立即用于本公司的估价校验',
  })
  save(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(evalFieldSaveSchema)) input: EvalFieldSave, @Req() req: Request) {
    return this.fields.save(p, 'company', input, req.ip);
  }
}

@ApiTags('估价字段')
@Controller('tenant/eval-field')
export class TenantEvalFieldController {
  constructor(private readonly fields: EvalFieldService) {}

  @RequirePermission(Perm.tenantEvalField)
  @Returns(z.array(evalFieldItemSchema))
  @Get('list')
  @ApiOperation({ summary: '本渠道的字段设置（渠道设置优先，其次默认）；未自行设置的客户公司使用它' })
  list(@CurrentPrincipal() p: Principal) {
    return this.fields.listOwned(p, 'tenant');
  }

  @RequirePermission(Perm.tenantEvalField)
  @Returns(z.array(evalFieldItemSchema))
  @Post('save')
  @HttpCode(200)
  @ApiOperation({
    summary: '保存本渠道的字段设置（JSON 数组：fieldKey、display、required）；规则同 api/eval-field/save，用于未自行设置的客户公司',
  })
  save(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(evalFieldSaveSchema)) input: EvalFieldSave, @Req() req: Request) {
    return this.fields.save(p, 'tenant', input, req.ip);
  }
}
