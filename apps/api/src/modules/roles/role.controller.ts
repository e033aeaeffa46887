import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { pagedSchema, permissionResourceSchema, roleDetailSchema, roleOptionSchema, roleRowSchema } from '@valuation/contracts';
import {
  Perm,
  roleAddSchema,
  roleEditSchema,
  roleIdQuerySchema,
  roleListQuerySchema,
  type RoleAdd,
  type RoleEdit,
  type RoleListQuery,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { ReadsBody, Returns } from '../../common/api-contract';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { CHANNEL_CUSTOMER_ROLES, ORG_ROLES, RoleService, STAFF_ROLES } from './role.service';

const roleIdOf = (req: Request) =>
  new ZodValidationPipe(roleIdQuerySchema).transform({
    ...(req.query as Record<string, unknown>),
    ...((req.body ?? {}) as Record<string, unknown>),
  }).roleId;

const ROLE_ID = new ZodValidationPipe(roleIdQuerySchema);
const LIST_QUERY = new ZodValidationPipe(roleListQuerySchema);
const ADD_BODY = new ZodValidationPipe(roleAddSchema);
const EDIT_BODY = new ZodValidationPipe(roleEditSchema);

const LIST_SUMMARY =
  '：name、code（仅数字，最多10位）、updateName（更新人）、beginDate、endDate（更新日期 yyyy/MM/dd）、pageIndex、pageSize（10/50/100/200）；最近更新的在前';
const WRITE_SUMMARY =
  '（JSON 或表单：name、remark、permissions 权限 id 数组或逗号分隔）：权限按树规则补全上级；只能授予自己拥有的权限，否则 403「您无权授予以下权限：…」';

@ApiTags('角色管理')
@Controller('auth')
export class OrgRoleController {
  constructor(private readonly roles: RoleService) {}

  @RequirePermission(Perm.roles)
  @Returns(pagedSchema(roleRowSchema))
  @Get('role/pageable')
  @ApiOperation({ summary: `本客户公司的角色列表${LIST_SUMMARY}` })
  pageable(@CurrentPrincipal() p: Principal, @Query(LIST_QUERY) q: RoleListQuery) {
    return this.roles.list(ORG_ROLES, p, q);
  }

  @RequirePermission(Perm.roles, Perm.accounts)
  @Returns(z.array(roleOptionSchema))
  @Get('role/list')
  @ApiOperation({ summary: '本客户公司的角色（分配角色用）：[{ id, name }]' })
  list(@CurrentPrincipal() p: Principal) {
    return this.roles.options(ORG_ROLES, p);
  }

  @RequirePermission(Perm.roleAdd, Perm.roleEdit)
  @Returns(z.array(permissionResourceSchema))
  @Get('resource/distributiones')
  @ApiOperation({ summary: '角色编辑的两级权限树：只含调用者自己拥有、可以授予的客户权限' })
  distributiones(@CurrentPrincipal() p: Principal) {
    return this.roles.tree(ORG_ROLES, p);
  }

  @RequirePermission(Perm.roles)
  @Returns(roleDetailSchema)
  @Get('role/infodetailById')
  @ApiOperation({ summary: '角色详情（roleId）：本客户公司的角色及其权限 id' })
  detail(@CurrentPrincipal() p: Principal, @Query(ROLE_ID) q: { roleId: number }) {
    return this.roles.orgDetail(p, q.roleId);
  }

  @RequirePermission(Perm.roles)
  @Returns(z.array(z.number().int()))
  @Get('permission/fRolePermissions')
  @ApiOperation({ summary: '角色的权限 id（roleId）' })
  permissions(@CurrentPrincipal() p: Principal, @Query(ROLE_ID) q: { roleId: number }) {
    return this.roles.orgPermissions(p, q.roleId);
  }

  @RequirePermission(Perm.roleAdd)
  @Returns(roleDetailSchema)
  @Post('role/add')
  @HttpCode(200)
  @ApiOperation({ summary: `新增角色${WRITE_SUMMARY}` })
  add(@CurrentPrincipal() p: Principal, @Body(ADD_BODY) input: RoleAdd, @Req() req: Request) {
    return this.roles.add(ORG_ROLES, p, input, req.ip);
  }

  @RequirePermission(Perm.roleEdit)
  @Returns(roleDetailSchema)
  @Post('role/edit')
  @HttpCode(200)
  @ApiOperation({ summary: `编辑角色（id 及）${WRITE_SUMMARY}；角色原有的权限可以保留或去掉` })
  edit(@CurrentPrincipal() p: Principal, @Body(EDIT_BODY) input: RoleEdit, @Req() req: Request) {
    return this.roles.edit(ORG_ROLES, p, input, req.ip);
  }

  @RequirePermission(Perm.roleDelete)
  @Returns(z.null())
  @ReadsBody(roleIdQuerySchema, 'form', 'roleId 也可作为查询参数')
  @Post('role/delete')
  @HttpCode(200)
  @ApiOperation({ summary: '删除角色（表单 roleId）：已分配给账号的角色不能删除（409，提示分配的账号数）' })
  delete(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    return this.roles.removeOrg(p, roleIdOf(req), req.ip);
  }
}

@ApiTags('渠道角色管理')
@Controller('tenant/auth')
export class ChannelRoleController {
  constructor(private readonly roles: RoleService) {}

  @RequirePermission(Perm.customerRole)
  @Returns(pagedSchema(roleRowSchema))
  @Get('role/t/c/pageable')
  @ApiOperation({ summary: `客户角色列表（租户通用，可分配给任何客户公司的账号）${LIST_SUMMARY}` })
  customerPageable(@CurrentPrincipal() p: Principal, @Query(LIST_QUERY) q: RoleListQuery) {
    return this.roles.list(CHANNEL_CUSTOMER_ROLES, p, q);
  }

  @RequirePermission(Perm.staffRole)
  @Returns(pagedSchema(roleRowSchema))
  @Get('role/t/pageable')
  @ApiOperation({ summary: `员工角色列表${LIST_SUMMARY}` })
  staffPageable(@CurrentPrincipal() p: Principal, @Query(LIST_QUERY) q: RoleListQuery) {
    return this.roles.list(STAFF_ROLES, p, q);
  }

  @RequirePermission(Perm.customerRole, Perm.customerAccount)
  @Returns(z.array(roleOptionSchema))
  @Get('role/c/list')
  @ApiOperation({ summary: '客户角色（租户通用，分配角色用）：[{ id, name }]' })
  customerList(@CurrentPrincipal() p: Principal) {
    return this.roles.options(CHANNEL_CUSTOMER_ROLES, p);
  }

  @RequirePermission(Perm.staffRole, Perm.staffAccount)
  @Returns(z.array(roleOptionSchema))
  @Get('role/t/list')
  @ApiOperation({ summary: '员工角色（分配角色用）：[{ id, name }]' })
  staffList(@CurrentPrincipal() p: Principal) {
    return this.roles.options(STAFF_ROLES, p);
  }

  @RequirePermission(Perm.customerRoleAdd, Perm.customerRoleEdit)
  @Returns(z.array(permissionResourceSchema))
  @Get('resource/t/c/distributiones')
  @ApiOperation({ summary: '客户角色的两级权限树：全部客户权限（由租户授予）' })
  customerTree(@CurrentPrincipal() p: Principal) {
    return this.roles.tree(CHANNEL_CUSTOMER_ROLES, p);
  }

  @RequirePermission(Perm.staffRoleAdd, Perm.staffRoleEdit)
  @Returns(z.array(permissionResourceSchema))
  @Get('resource/t/distributiones')
  @ApiOperation({ summary: '员工角色的两级权限树：只含调用者自己拥有的员工权限' })
  staffTree(@CurrentPrincipal() p: Principal) {
    return this.roles.tree(STAFF_ROLES, p);
  }

  @RequirePermission(Perm.customerRole, Perm.staffRole)
  @Returns(roleDetailSchema)
  @Get('role/infodetailById')
  @ApiOperation({ summary: '角色详情（roleId）：员工角色需 74，客户角色需 69' })
  detail(@CurrentPrincipal() p: Principal, @Query(ROLE_ID) q: { roleId: number }) {
    return this.roles.channelDetail(p, q.roleId);
  }

  @RequirePermission(Perm.customerRole, Perm.staffRole)
  @Returns(z.array(z.number().int()))
  @Get('permission/fRolePermissions')
  @ApiOperation({ summary: '角色的权限 id（roleId）：员工角色需 74，客户角色需 69' })
  permissions(@CurrentPrincipal() p: Principal, @Query(ROLE_ID) q: { roleId: number }) {
    return this.roles.channelPermissions(p, q.roleId);
  }

  @RequirePermission(Perm.customerRoleAdd)
  @Returns(roleDetailSchema)
  @Post('role/c/add')
  @HttpCode(200)
  @ApiOperation({ summary: `新增客户角色${WRITE_SUMMARY}` })
  customerAdd(@CurrentPrincipal() p: Principal, @Body(ADD_BODY) input: RoleAdd, @Req() req: Request) {
    return this.roles.add(CHANNEL_CUSTOMER_ROLES, p, input, req.ip);
  }

  @RequirePermission(Perm.customerRoleEdit)
  @Returns(roleDetailSchema)
  @Post('role/c/edit')
  @HttpCode(200)
  @ApiOperation({ summary: `编辑客户角色（id 及）${WRITE_SUMMARY}` })
  customerEdit(@CurrentPrincipal() p: Principal, @Body(EDIT_BODY) input: RoleEdit, @Req() req: Request) {
    return this.roles.edit(CHANNEL_CUSTOMER_ROLES, p, input, req.ip);
  }

  @RequirePermission(Perm.staffRoleAdd)
  @Returns(roleDetailSchema)
  @Post('role/t/add')
  @HttpCode(200)
  @ApiOperation({ summary: `新增员工角色${WRITE_SUMMARY}` })
  staffAdd(@CurrentPrincipal() p: Principal, @Body(ADD_BODY) input: RoleAdd, @Req() req: Request) {
    return this.roles.add(STAFF_ROLES, p, input, req.ip);
  }

  @RequirePermission(Perm.staffRoleEdit)
  @Returns(roleDetailSchema)
  @Post('role/t/edit')
  @HttpCode(200)
  @ApiOperation({ summary: `编辑员工角色（id 及）${WRITE_SUMMARY}；角色原有的权限可以保留或去掉` })
  staffEdit(@CurrentPrincipal() p: Principal, @Body(EDIT_BODY) input: RoleEdit, @Req() req: Request) {
    return this.roles.edit(STAFF_ROLES, p, input, req.ip);
  }

  @RequirePermission(Perm.customerRoleDelete, Perm.staffRoleDelete)
  @Returns(z.null())
  @ReadsBody(roleIdQuerySchema, 'form', 'roleId 也可作为查询参数')
  @Post('role/delete')
  @HttpCode(200)
  @ApiOperation({ summary: '删除角色（表单 roleId）：员工角色需 102，客户角色需 91；已分配给账号的角色不能删除（409）' })
  delete(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    return this.roles.removeChannel(p, roleIdOf(req), req.ip);
  }
}
