import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { evalFieldItemSchema } from '@valuation/contracts';
import { Authenticated, CurrentPrincipal } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
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
}
