import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import {
  loginUserSchema,
  orderRowSchema,
  ownBalanceSchema,
  pagedSchema,
  permissionItemSchema,
  tenantLoginUserSchema,
  userStatisticsSchema,
} from '@valuation/contracts';
import {
  Msg,
  pageQuerySchema,
  passwordChangeSchema,
  profileEditSchema,
  type PasswordChangeInput,
  type ProfileEditInput,
} from '@valuation/domain';
import { Authenticated, CurrentPrincipal } from '../../common/access.decorators';
import { Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { OwnBalanceService } from './own-balance.service';
import { ProfileService } from './profile.service';
import { Returns } from '../../common/api-contract';

const ordersQuery = pageQuerySchema([20, 50, 100, 200], 20);

@ApiTags('个人中心')
@Controller('auth/user')
export class UserProfileController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly balances: OwnBalanceService,
  ) {}

  @Authenticated()
  @Returns(loginUserSchema)
  @Get('login-user')
  @ApiOperation({ summary: '当前登录用户' })
  loginUser(@CurrentPrincipal() p: Principal) {
    return this.profiles.loginUser(p);
  }

  @Authenticated()
  @Returns(z.array(permissionItemSchema))
  @Get('login-user/perms')
  @ApiOperation({ summary: '当前用户的权限' })
  perms(@CurrentPrincipal() p: Principal) {
    return this.profiles.permissions(p);
  }

  @Authenticated()
  @Returns(userStatisticsSchema)
  @Get('statistics')
  @ApiOperation({ summary: '当前用户的估价与报告次数' })
  statistics(@CurrentPrincipal() p: Principal) {
    return this.balances.statistics(p);
  }

  @Authenticated()
  @Returns(ownBalanceSchema)
  @Get('login-user/balance')
  @ApiOperation({ summary: '当前用户的剩余额度' })
  balance(@CurrentPrincipal() p: Principal) {
    return this.balances.balance(p);
  }

  @Authenticated()
  @Returns(pagedSchema(orderRowSchema))
  @Get('login-user/orders')
  @ApiOperation({ summary: '当前用户的订单' })
  orders(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(ordersQuery)) q: { pageIndex: number; pageSize: number }) {
    return this.balances.orders(p, q.pageIndex, q.pageSize);
  }

  @Authenticated()
  @Returns(z.null())
  @Post('login-user/edit')
  @HttpCode(200)
  @ApiOperation({ summary: '修改邮箱和手机号码：email、phone、loginUser' })
  async edit(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(profileEditSchema)) input: ProfileEditInput,
    @Req() req: Request,
  ) {
    await this.profiles.editContact(p, input, req.ip);
    return new Reply(null, Msg.profileUpdated);
  }

  @Authenticated()
  @Returns(z.null())
  @Post('updatePwd')
  @HttpCode(200)
  @ApiOperation({ summary: '修改密码：oldPwd、newPwd；成功后需重新登录' })
  async updatePwd(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(passwordChangeSchema)) input: PasswordChangeInput,
    @Req() req: Request,
  ) {
    await this.profiles.changePassword(p, input, req.ip);
    return new Reply(null, Msg.passwordUpdated);
  }
}

@ApiTags('个人中心')
@Controller('tenant/auth/user')
export class TenantProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Authenticated()
  @Returns(tenantLoginUserSchema)
  @Get('login-user')
  @ApiOperation({ summary: '当前登录的渠道员工' })
  loginUser(@CurrentPrincipal() p: Principal) {
    return this.profiles.tenantLoginUser(p);
  }

  @Authenticated()
  @Returns(z.array(permissionItemSchema))
  @Get('t/login-user/perms')
  @ApiOperation({ summary: '当前渠道员工的权限' })
  perms(@CurrentPrincipal() p: Principal) {
    return this.profiles.permissions(p);
  }

  @Authenticated()
  @Returns(z.null())
  @Post('t/login-user/edit')
  @HttpCode(200)
  @ApiOperation({ summary: '修改邮箱和手机号码' })
  async edit(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(profileEditSchema)) input: ProfileEditInput,
    @Req() req: Request,
  ) {
    await this.profiles.editContact(p, input, req.ip);
    return new Reply(null, Msg.profileUpdated);
  }

  @Authenticated()
  @Returns(z.null())
  @Post('t/updatePwd')
  @HttpCode(200)
  @ApiOperation({ summary: '修改密码' })
  async updatePwd(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(passwordChangeSchema)) input: PasswordChangeInput,
    @Req() req: Request,
  ) {
    await this.profiles.changePassword(p, input, req.ip);
    return new Reply(null, Msg.passwordUpdated);
  }
}
