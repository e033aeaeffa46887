import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { apiKeyCreatedSchema, apiKeyViewSchema, pagedSchema } from '@valuation/contracts';
import {
  apiKeyAddSchema,
  apiKeyListQuerySchema,
  apiKeyRevokeSchema,
  Perm,
  type ApiKeyAdd,
  type ApiKeyListQuery,
  type ApiKeyRevoke,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { ApiKeyService } from './api-key.service';

@ApiTags('API密钥')
@Controller('api-key')
export class ApiKeyController {
  constructor(private readonly keys: ApiKeyService) {}

  @RequirePermission(Perm.apiKeys)
  @Returns(pagedSchema(apiKeyViewSchema))
  @Get('list')
  @ApiOperation({
    summary:
      '本公司的API密钥：name（包含）、state 1 有效/2 已吊销（空为全部）、pageIndex、pageSize（10/50/100/200）；最新的在前，只显示密钥前缀',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(apiKeyListQuerySchema)) q: ApiKeyListQuery) {
    return this.keys.page(p, q);
  }

  @RequirePermission(Perm.apiKeyManage)
  @Returns(apiKeyCreatedSchema)
  @Post('add')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '新增API密钥（表单或 JSON：name 必填，≤30 字；scopes 为 valuate、batch、reports、read 中的一项或多项；rateLimitPerMinute 1–6000，默认 60）。密钥以当前账号的身份与权限调用接口；应答中的 secret 只出现这一次，请立即保存',
  })
  add(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(apiKeyAddSchema)) input: ApiKeyAdd, @Req() req: Request) {
    return this.keys.add(p, input, req.ip);
  }

  @RequirePermission(Perm.apiKeyManage)
  @Returns(apiKeyViewSchema)
  @Post('revoke')
  @HttpCode(200)
  @ApiOperation({ summary: '吊销API密钥（表单 id）：立即生效，之后使用该密钥的调用返回 401；不能恢复' })
  revoke(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(apiKeyRevokeSchema)) input: ApiKeyRevoke, @Req() req: Request) {
    return this.keys.revoke(p, input.id, req.ip);
  }
}
