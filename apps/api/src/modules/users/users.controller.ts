import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { accountDetailSchema } from '@valuation/contracts';
import { DATA_RANGE_PERMISSIONS, Perm, recordIdSchema } from '@valuation/domain';
import { AccountRepository, OrganizationRepository } from '@valuation/persistence';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { dataScope } from '../../common/data-scope';
import { Returns } from '../../common/api-contract';

const detailQuery = z.object({ userId: recordIdSchema('账号不存在') });

export const UserMsg = { notFound: '账号不存在' } as const;

@ApiTags('账号管理')
@Controller('auth/user')
export class UsersController {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly organizations: OrganizationRepository,
  ) {}

  @RequirePermission(Perm.accounts)
  @Returns(accountDetailSchema)
  @Get('infoDetail')
  @ApiOperation({ summary: '账号详情与已分配角色（限本租户、本机构数据范围）' })
  async infoDetail(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(detailQuery)) q: { userId: number }) {
    const account = await this.accounts.findInRange(dataScope(p, DATA_RANGE_PERMISSIONS.accounts), q.userId);
    if (!account) throw ApiError.notFound(UserMsg.notFound);
    const org = await this.organizations.findInTenant(account.organizationId, p.tenantId);
    const roleList = await this.accounts.roles(account.id, p.tenantId);
    return {
      id: account.id,
      loginUser: account.loginUser,
      userName: account.userName,
      organizationId: account.organizationId,
      organizationName: org?.name ?? '',
      email: account.email ?? '',
      mobilePhone: account.mobilePhone ?? '',
      userType: account.userType,
      status: account.status,
      expireDate: account.expireDate,
      createdTime: account.createdAt.toISOString(),
      roleList,
    };
  }
}
