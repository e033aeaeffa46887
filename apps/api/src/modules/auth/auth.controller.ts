import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { captchaResponseSchema, loginResponseSchema, type CaptchaResponse, type LoginResponse } from '@valuation/contracts';
import { loginSchema, type LoginInput, type Population } from '@valuation/domain';
import { Public } from '../../common/access.decorators';
import { ApiError, Reply } from '../../common/api-error';
import { RateLimit } from '../../common/rate-limit.decorator';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { AuthService } from './auth.service';
import { bearerToken } from './auth.guard';
import { SessionService } from './session.service';
import { Returns } from '../../common/api-contract';

abstract class LoginEndpoints {
  protected abstract readonly population: Population;

  constructor(
    protected readonly auth: AuthService,
    protected readonly sessions: SessionService,
  ) {}

  protected issueCaptcha(req: Request): Promise<CaptchaResponse> {
    return this.auth.captchaFor(req.ip ?? '');
  }

  /** The token goes in `message` (as the specifications say) and in `data`; a throttled login says when to retry. */
  protected async doLogin(input: LoginInput, req: Request, res: Response): Promise<Reply<LoginResponse>> {
    try {
      const result = await this.auth.login(this.population, input, req.ip ?? '');
      return new Reply(result, result.token);
    } catch (error) {
      const retryAfter = error instanceof ApiError ? (error.data as { retryAfter?: number } | null)?.retryAfter : undefined;
      if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
      throw error;
    }
  }

  protected async doLogout(req: Request): Promise<null> {
    const token = bearerToken(req);
    const claims = token ? await this.sessions.verify(token) : null;
    await this.auth.logout(claims && claims.pop === this.population ? claims : null, req.ip ?? '');
    return null;
  }
}

@ApiTags('登录')
@Controller()
export class UserAuthController extends LoginEndpoints {
  protected readonly population = 'user' as const;

  constructor(auth: AuthService, sessions: SessionService) {
    super(auth, sessions);
  }

  @Public()
  @RateLimit('captcha')
  @Returns(captchaResponseSchema)
  @Get('login/captcha')
  @ApiOperation({ summary: '获取登录验证码（机构用户）；登录失败较多时为 6 位' })
  captcha(@Req() req: Request): Promise<CaptchaResponse> {
    return this.issueCaptcha(req);
  }

  @Public()
  @RateLimit('login')
  @Returns(loginResponseSchema, '登录成功：令牌在 data.token（也在 message）')
  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: '机构用户登录：userName（账号或手机号）、password、captcha、identity。失败过多时 429，data.retryAfter 为需等待的秒数',
  })
  login(@Body(new ZodValidationPipe(loginSchema)) input: LoginInput, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.doLogin(input, req, res);
  }

  @Public()
  @Returns(z.null())
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: '退出登录并注销会话' })
  logout(@Req() req: Request) {
    return this.doLogout(req);
  }
}

@ApiTags('登录')
@Controller('tenant')
export class TenantAuthController extends LoginEndpoints {
  protected readonly population = 'tenant' as const;

  constructor(auth: AuthService, sessions: SessionService) {
    super(auth, sessions);
  }

  @Public()
  @RateLimit('captcha')
  @Returns(captchaResponseSchema)
  @Get('captcha')
  @ApiOperation({ summary: '获取登录验证码（渠道员工）；登录失败较多时为 6 位' })
  captcha(@Req() req: Request): Promise<CaptchaResponse> {
    return this.issueCaptcha(req);
  }

  @Public()
  @RateLimit('login')
  @Returns(loginResponseSchema, '登录成功：令牌在 data.token（也在 message）')
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: '渠道员工登录；失败过多时 429，data.retryAfter 为需等待的秒数' })
  login(@Body(new ZodValidationPipe(loginSchema)) input: LoginInput, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.doLogin(input, req, res);
  }

  @Public()
  @Returns(z.null())
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: '渠道员工退出登录' })
  logout(@Req() req: Request) {
    return this.doLogout(req);
  }
}
