import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { businessItemSchema } from '@valuation/contracts';
import { Authenticated, CurrentPrincipal } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { BusinessService } from './business.service';
import { Returns } from '../../common/api-contract';

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
}
