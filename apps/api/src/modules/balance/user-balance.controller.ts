import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { allocationListSchema, userBalanceListSchema } from '@valuation/contracts';
import {
  allocationFilterSchema,
  allocationListQuerySchema,
  BalanceMsg,
  Perm,
  userBalanceAllocateSchema,
  userBalanceDefaultSchema,
  userBalanceListQuerySchema,
  userBalanceRevokeSchema,
  type AllocationFilter,
  type AllocationListQuery,
  type UserBalanceAllocate,
  type UserBalanceDefault,
  type UserBalanceListQuery,
  type UserBalanceRevoke,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import { ReturnsXlsx } from '../../common/file-answer';
import { Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { UserBalanceService } from './user-balance.service';

const COUNTS = 'annuallyCount、universalCount、advisoryCount、inquiryCount（至少一项，小于8位的正整数）';

/** An organisation's balances (permission 107): allocation to its accounts, revokes, defaults and the records of them. */
@ApiTags('余额管理')
@Controller('user-balance')
export class UserBalanceController {
  constructor(private readonly balances: UserBalanceService) {}

  @RequirePermission(Perm.balance)
  @Returns(userBalanceListSchema)
  @Get('list')
  @ApiOperation({
    summary:
      '所选机构（organizationIds，至少一个，须在账号数据范围内）的账号及其有效期内剩余次数与份数；customerBalance 为当前登录账号可分配的余额与默认分配数。accountName、account、pageIndex、pageSize（20/50/100/200）',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(userBalanceListQuerySchema)) q: UserBalanceListQuery) {
    return this.balances.list(p, q);
  }

  @RequirePermission(Perm.balanceAllocate)
  @Returns(z.null())
  @Post('default')
  @HttpCode(200)
  @ApiOperation({ summary: `设置本公司分配对话框的默认分配数（JSON：${COUNTS}）` })
  async defaults(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(userBalanceDefaultSchema)) input: UserBalanceDefault,
    @Req() req: Request,
  ) {
    return new Reply(await this.balances.saveDefaults(p, input, req.ip), BalanceMsg.defaultsSaved);
  }

  @RequirePermission(Perm.balanceAllocate)
  @Returns(z.object({ orderNo: z.string() }))
  @Post('allocate')
  @HttpCode(200)
  @ApiOperation({
    summary: `从当前登录账号的余额分配给数据范围内的账号（JSON：balanceId 账号、userType、${COUNTS}）；余额不足时 400 并说明可分配数`,
  })
  async allocate(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(userBalanceAllocateSchema)) input: UserBalanceAllocate,
    @Req() req: Request,
  ) {
    return new Reply(await this.balances.allocate(p, input, req.ip), BalanceMsg.balanceAllocated);
  }

  @RequirePermission(Perm.balanceAllocate)
  @Returns(z.object({ orderNo: z.string() }))
  @Post('revoke')
  @HttpCode(200)
  @ApiOperation({ summary: '收回账号已分配且未使用的全部余额，退回其来源（JSON：balanceId、userType）' })
  async revoke(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(userBalanceRevokeSchema)) input: UserBalanceRevoke,
    @Req() req: Request,
  ) {
    return new Reply(await this.balances.revoke(p, input, req.ip), BalanceMsg.balanceRevoked);
  }

  @RequirePermission(Perm.balance)
  @Returns(allocationListSchema)
  @Get('allocate/list')
  @ApiOperation({
    summary:
      '分配记录（分配与收回），最新的在前；stat 为净分配数。organizationIds、orderNo、account、accountName、creator、balanceId、beginDate、endDate（yyyy/MM/dd）、pageIndex、pageSize',
  })
  allocations(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(allocationListQuerySchema)) q: AllocationListQuery) {
    return this.balances.allocations(p, q);
  }

  @RequirePermission(Perm.balance)
  @ReturnsXlsx('分配记录 .xlsx')
  @Get('allocate/list/export')
  @ApiOperation({ summary: '导出分配记录 .xlsx（筛选同列表）' })
  async exportAllocations(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(allocationFilterSchema)) q: AllocationFilter) {
    const { content, fileName } = await this.balances.exportAllocations(p, q);
    return xlsxFile(content, fileName);
  }
}
