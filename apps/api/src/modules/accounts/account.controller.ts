import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { accountCreatedSchema, accountDetailSchema, accountRowSchema, pagedSchema } from '@valuation/contracts';
import {
  accountIdQuerySchema,
  accountRolesSchema,
  accountStatusSchema,
  channelAccountListQuerySchema,
  customerAccountAddSchema,
  customerAccountEditSchema,
  orgAccountAddSchema,
  orgAccountListQuerySchema,
  Perm,
  staffAccountAddSchema,
  staffAccountEditSchema,
  type AccountIdQuery,
  type ChannelAccountListQuery,
  type CustomerAccountAdd,
  type CustomerAccountEdit,
  type OrgAccountAdd,
  type OrgAccountListQuery,
  type StaffAccountAdd,
  type StaffAccountEdit,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { ReadsBody, Returns } from '../../common/api-contract';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { AccountService, CUSTOMER_ACCOUNTS, ORG_ACCOUNTS, STAFF_ACCOUNTS } from './account.service';

const formOf = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  new ZodValidationPipe(schema).transform({
    ...(req.query as Record<string, unknown>),
    ...((req.body ?? {}) as Record<string, unknown>),
  });

const ID_QUERY = new ZodValidationPipe(accountIdQuerySchema);

const FORM =
  '（JSON：userName 姓名 必填，最多20字；mobilePhone 电话，数字、“-”，多个以“,”分隔，最多100字，同一租户内唯一（409）；email 邮箱，最多45字；expireDate 到期时间 yyyy/MM/dd';
const PASSWORD_ADD = '；loginUser 账号 6-18位字母开头的字母、数字、下划线，全平台唯一（409「账号已存在」）；password 6-18位）';
const PASSWORD_EDIT = '；password 为空时不修改，修改后该账号的全部会话结束）';
const STATUS = '（表单 status 0 启用 / 1 禁用，userId）：禁用后该账号立即退出且不能再登录，数据保留；不能禁用自己（403）';
const ASSIGN = '（表单 userId、roleIds 可重复或以“,”分隔，至少一个）：不能修改自己的角色（403）';

@ApiTags('账号管理')
@Controller('auth/user')
export class OrgAccountController {
  constructor(private readonly accounts: AccountService) {}

  @RequirePermission(Perm.accounts)
  @Returns(pagedSchema(accountRowSchema))
  @Get('list')
  @ApiOperation({
    summary:
      '账号列表：organizationIds（可重复，至少一个，须在数据范围内，否则 404）、loginUser、userName、roleId、status（0 启用 1 禁用）、pageIndex、pageSize（10/50/100/200）；数据范围：51 本机构及下级，50 本机构，否则仅本人',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(orgAccountListQuerySchema)) q: OrgAccountListQuery) {
    return this.accounts.orgList(p, q);
  }

  @RequirePermission(Perm.accounts)
  @Returns(accountDetailSchema)
  @Get('infoDetail')
  @ApiOperation({ summary: '账号详情（userId）：账号、已分配的角色及可分配的本客户公司角色；数据范围外或其他租户的账号 404' })
  infoDetail(@CurrentPrincipal() p: Principal, @Query(ID_QUERY) q: AccountIdQuery) {
    return this.accounts.detail(ORG_ACCOUNTS, p, q.userId);
  }

  @RequirePermission(Perm.accountAdd)
  @Returns(accountCreatedSchema)
  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: `新增账号${FORM}，可选；organizationId 机构，须在数据范围内${PASSWORD_ADD}；返回 data.id` })
  add(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(orgAccountAddSchema)) input: OrgAccountAdd, @Req() req: Request) {
    return this.accounts.addOrg(p, input, req.ip);
  }

  @RequirePermission(Perm.accountEdit)
  @Returns(accountRowSchema)
  @Post('edit')
  @HttpCode(200)
  @ApiOperation({ summary: `编辑账号（id）${FORM}，可选${PASSWORD_EDIT}` })
  edit(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(customerAccountEditSchema)) input: CustomerAccountEdit,
    @Req() req: Request,
  ) {
    return this.accounts.edit(ORG_ACCOUNTS, p, input, req.ip);
  }

  @RequirePermission(Perm.accountStatus)
  @Returns(z.null())
  @ReadsBody(accountStatusSchema, 'form')
  @Post('changeStatus')
  @HttpCode(200)
  @ApiOperation({ summary: `启用/禁用账号${STATUS}` })
  changeStatus(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    return this.accounts.changeStatus(ORG_ACCOUNTS, p, formOf(accountStatusSchema, req), req.ip);
  }

  @RequirePermission(Perm.accountAssignRole)
  @Returns(z.null())
  @ReadsBody(accountRolesSchema, 'form')
  @Post('distributionRole')
  @HttpCode(200)
  @ApiOperation({
    summary: `分配角色${ASSIGN}；只能分配本客户公司的角色，且角色的权限须全部为自己所拥有（否则 403）；渠道分配的租户通用角色保留`,
  })
  distributionRole(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    return this.accounts.assignRoles(ORG_ACCOUNTS, p, formOf(accountRolesSchema, req), req.ip);
  }
}

const CHANNEL_LIST =
  '：loginUser、userName、roleId、status（0 启用 1 禁用）、lastDate（到期时间不晚于该日 yyyy/MM/dd）、pageIndex、pageSize（20/50/100/200）';
const KIND = 'accountKind（c 客户账号，t 员工账号；只拥有其中一类权限时可省略）';

@ApiTags('渠道账号管理')
@Controller('tenant/auth/user')
export class ChannelAccountController {
  constructor(private readonly accounts: AccountService) {}

  @RequirePermission(Perm.customerAccount)
  @Returns(pagedSchema(accountRowSchema))
  @Get('c/list')
  @ApiOperation({ summary: `客户账号列表（本租户全部客户公司）${CHANNEL_LIST}、customerCompanyName（客户公司名称包含）` })
  customerList(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(channelAccountListQuerySchema)) q: ChannelAccountListQuery) {
    return this.accounts.channelList(CUSTOMER_ACCOUNTS, p, q);
  }

  @RequirePermission(Perm.staffAccount)
  @Returns(pagedSchema(accountRowSchema))
  @Get('t/list')
  @ApiOperation({ summary: `员工账号列表${CHANNEL_LIST}` })
  staffList(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(channelAccountListQuerySchema)) q: ChannelAccountListQuery) {
    return this.accounts.channelList(STAFF_ACCOUNTS, p, q);
  }

  @RequirePermission(Perm.customerAccount, Perm.customerAccountDetail, Perm.staffAccount, Perm.staffAccountDetail)
  @Returns(accountDetailSchema)
  @Get('infoDetail')
  @ApiOperation({ summary: `账号详情（userId、${KIND}）：账号、roleList 已分配的角色、assignable 可分配的角色` })
  infoDetail(@CurrentPrincipal() p: Principal, @Query(ID_QUERY) q: AccountIdQuery) {
    return this.accounts.detail(this.accounts.channelSide(p, q.accountKind, 'view'), p, q.userId);
  }

  @RequirePermission(Perm.customerAccountAdd)
  @Returns(accountCreatedSchema)
  @Post('c/add')
  @HttpCode(200)
  @ApiOperation({
    summary: `新增客户账号${FORM}，可选；customerCompanyId 客户公司 必填；userType 1 企业（默认）/ 2 个人${PASSWORD_ADD}；返回 data.id`,
  })
  customerAdd(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(customerAccountAddSchema)) input: CustomerAccountAdd,
    @Req() req: Request,
  ) {
    return this.accounts.addCustomer(p, input, req.ip);
  }

  @RequirePermission(Perm.customerAccountEdit)
  @Returns(accountRowSchema)
  @Post('c/edit')
  @HttpCode(200)
  @ApiOperation({ summary: `编辑客户账号（id；客户公司不可修改）${FORM}，可选${PASSWORD_EDIT}` })
  customerEdit(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(customerAccountEditSchema)) input: CustomerAccountEdit,
    @Req() req: Request,
  ) {
    return this.accounts.edit(CUSTOMER_ACCOUNTS, p, input, req.ip);
  }

  @RequirePermission(Perm.staffAccountAdd)
  @Returns(accountCreatedSchema)
  @Post('t/add')
  @HttpCode(200)
  @ApiOperation({ summary: `新增员工账号${FORM}，必填${PASSWORD_ADD}；返回 data.id` })
  staffAdd(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(staffAccountAddSchema)) input: StaffAccountAdd,
    @Req() req: Request,
  ) {
    return this.accounts.addStaff(p, input, req.ip);
  }

  @RequirePermission(Perm.staffAccountEdit)
  @Returns(accountRowSchema)
  @Post('t/edit')
  @HttpCode(200)
  @ApiOperation({ summary: `编辑员工账号（id）${FORM}，必填${PASSWORD_EDIT}` })
  staffEdit(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(staffAccountEditSchema)) input: StaffAccountEdit,
    @Req() req: Request,
  ) {
    return this.accounts.edit(STAFF_ACCOUNTS, p, input, req.ip);
  }

  @RequirePermission(Perm.customerAccountStatus, Perm.staffAccountStatus)
  @Returns(z.null())
  @ReadsBody(accountStatusSchema, 'form', KIND)
  @Post('changeStatus')
  @HttpCode(200)
  @ApiOperation({ summary: `启用/禁用客户账号（86）或员工账号（97）${STATUS}` })
  changeStatus(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const input = formOf(accountStatusSchema, req);
    return this.accounts.changeStatus(this.accounts.channelSide(p, input.accountKind, 'status'), p, input, req.ip);
  }

  @RequirePermission(Perm.customerAccountAssignRole, Perm.staffAccountAssignRole)
  @Returns(z.null())
  @ReadsBody(accountRolesSchema, 'form', KIND)
  @Post('distributionRole')
  @HttpCode(200)
  @ApiOperation({
    summary: `分配角色：客户账号（88）可分配租户通用客户角色及其客户公司的角色，员工账号（99）可分配自己拥有其全部权限的员工角色${ASSIGN}`,
  })
  distributionRole(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const input = formOf(accountRolesSchema, req);
    return this.accounts.assignRoles(this.accounts.channelSide(p, input.accountKind, 'assign'), p, input, req.ip);
  }
}
