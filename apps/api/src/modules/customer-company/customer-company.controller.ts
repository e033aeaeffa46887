import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { customerCompanyOptionSchema } from '@valuation/contracts';
import { Perm } from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { CustomerCompanyService } from './customer-company.service';
import { Returns } from '../../common/api-contract';

@ApiTags('客户公司')
@Controller('tenant/customer-company')
export class CustomerCompanyController {
  constructor(private readonly companies: CustomerCompanyService) {}

  @RequirePermission(Perm.customerCompany, Perm.customerDomain, Perm.customerAccount, Perm.tenantStatSummary, Perm.tenantStatItems)
  @Returns(z.array(customerCompanyOptionSchema))
  @Get('list')
  @ApiOperation({ summary: '本渠道的客户公司（id、name），供各页面选择客户公司' })
  list(@CurrentPrincipal() p: Principal) {
    return this.companies.options(p);
  }
}
