import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In } from 'typeorm';
import { z } from 'zod';
import { Perm } from '@valuation/domain';
import { AccountEntity, OrganizationEntity } from '@valuation/persistence';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { visibleOrganizationIds } from './data-range';

const detailQuery = z.object({ userId: z.coerce.number({ message: '账号不存在' }).int().positive('账号不存在') });

export const UserMsg = { notFound: '账号不存在' } as const;

const USERS_OF_SUBORDINATES = 51;

@ApiTags('账号管理')
@Controller('auth/user')
export class UsersController {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  @RequirePermission(Perm.accounts)
  @Get('infoDetail')
  @ApiOperation({ summary: '账号详情与已分配角色（限本租户、本机构数据范围）' })
  async infoDetail(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(detailQuery)) q: { userId: number }) {
    const orgIds = await visibleOrganizationIds(this.ds, p, USERS_OF_SUBORDINATES);
    const account = await this.ds
      .getRepository(AccountEntity)
      .findOneBy({ id: q.userId, tenantId: p.tenantId, organizationId: In(orgIds) });
    if (!account) throw ApiError.notFound(UserMsg.notFound);
    const org = await this.ds.getRepository(OrganizationEntity).findOneBy({ id: account.organizationId, tenantId: p.tenantId });
    const roleList: { id: number; name: string }[] = await this.ds.query(
      `SELECT r.id, r.name FROM account_role ar JOIN role r ON r.id = ar.role_id
        WHERE ar.account_id = $1 AND r.tenant_id = $2 ORDER BY r.id`,
      [account.id, p.tenantId],
    );
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
