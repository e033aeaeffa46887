import { Injectable } from '@nestjs/common';
import { Msg, type LoginInput, type Population } from '@valuation/domain';
import { AccountRepository } from '@valuation/persistence';
import type { LoginResponse } from '@valuation/contracts';
import { ApiError } from '../../common/api-error';
import { CaptchaService } from './captcha.service';
import { LoginThrottleService } from './login-throttle.service';
import { verifyPassword } from '@valuation/core';
import { isExpired, PrincipalLoader } from './principal.loader';
import { SessionService, type SessionClaims } from './session.service';
import { AuditTrail } from './audit-trail.service';

export const LoginMsg = {
  unknownUser: '该账号不存在',
  wrongPassword: '密码错误',
} as const;

@Injectable()
export class AuthService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly captcha: CaptchaService,
    private readonly throttle: LoginThrottleService,
    private readonly sessions: SessionService,
    private readonly principals: PrincipalLoader,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * Checks, in order: throttling, captcha (consumed either way), account, password, status,
   * expiry. Failed credentials count towards throttling.
   */
  async login(pop: Population, input: LoginInput, ip: string): Promise<LoginResponse> {
    await this.throttle.assertAllowed(pop, input.userName, ip);
    await this.captcha.check(input.identity, input.captcha);
    const account = await this.principals.findByLoginName(pop, input.userName);
    if (!account) {
      await this.throttle.recordFailure(pop, input.userName, ip);
      throw ApiError.badRequest(LoginMsg.unknownUser);
    }
    if (!(await verifyPassword(input.password, account.passwordHash))) {
      await this.throttle.recordFailure(pop, input.userName, ip);
      throw ApiError.badRequest(LoginMsg.wrongPassword);
    }
    if (account.status !== 0) throw ApiError.forbidden(Msg.accountDisabled);
    if (isExpired(account.expireDate)) throw ApiError.forbidden(Msg.accountExpired);

    await this.throttle.clearAccount(pop, input.userName);
    const token = await this.sessions.create(pop, account.id, account.tenantId);
    await this.accounts.recordLogin(pop, account.id, new Date());
    await this.audit.record({ ...account, population: pop }, '登录', `${account.loginUser} 登录系统`, ip);
    return { token, population: pop };
  }

  async logout(claims: SessionClaims | null, ip: string): Promise<void> {
    if (!claims) return;
    await this.sessions.revoke(claims);
    const account = await this.principals.findAccount(claims.pop, claims.sub);
    if (account) await this.audit.record({ ...account, population: claims.pop }, '退出', `${account.loginUser} 退出系统`, ip);
  }
}
