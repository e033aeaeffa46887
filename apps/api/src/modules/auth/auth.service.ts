import { Injectable } from '@nestjs/common';
import { Msg, type LoginInput, type Population } from '@valuation/domain';
import { AccountRepository } from '@valuation/persistence';
import type { LoginResponse } from '@valuation/contracts';
import { ApiError } from '../../common/api-error';
import { CaptchaService } from './captcha.service';
import { accountSubject, LoginThrottleService, nameSubject, type LoginSubject } from './login-throttle.service';
import { verifyPassword } from '@valuation/core';
import { isExpired, PrincipalLoader, type AccountRecord } from './principal.loader';
import { SessionService, type SessionClaims } from './session.service';
import { AuditTrail, type AuditActor } from './audit-trail.service';

/** How long to wait, as the message says it: seconds under a minute, else whole minutes. */
export function waitText(seconds: number): string {
  return seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`;
}

export const LoginMsg = {
  /** One message for an unknown account and a wrong password, so nobody learns which accounts exist. */
  failed: Msg.loginFailed,
  throttled: (seconds: number) => `登录失败次数过多，请${waitText(seconds)}后再试`,
  hardCaptcha: '该账号登录失败次数较多，请输入新的验证码',
} as const;

/** Why a login failed, as the operation log says it. */
const FailureReason = {
  unknownAccount: '账号不存在',
  wrongPassword: '密码错误',
  disabled: '账号已禁用',
  expired: '账号已过期',
} as const;

/**
 * A bcrypt hash of a random password: checked against when no account has the typed name, so an
 * unknown name takes as long to refuse as a wrong password.
 */
const NO_ACCOUNT_HASH = '$2b$10$RsXvEgrGNY1gqgEEAS4O6OgCILzlnLIGHJ9VDsWXQZkoL2YrPni8C';

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

  /** The captcha for a login page: a hard one where logins from the address have been failing. */
  async captchaFor(ip: string) {
    return this.captcha.issue((await this.throttle.wantsHardCaptcha(ip)) ? 'hard' : 'normal');
  }

  /**
   * Checks, in order: captcha (consumed either way), throttling of the accounts the name may mean
   * from this address, password, status, expiry. Wrong credentials count towards throttling and go
   * to the operation log; an unknown name and a wrong password get the same answer.
   */
  async login(pop: Population, input: LoginInput, ip: string): Promise<LoginResponse> {
    const level = await this.captcha.check(input.identity, input.captcha);
    const candidates = await this.principals.findLoginCandidates(pop, input.userName);
    const subjects: LoginSubject[] = candidates.length ? candidates.map((a) => accountSubject(a.id)) : [nameSubject(input.userName)];

    const verdict = await this.throttle.assess(pop, subjects, ip);
    if (verdict.waitSeconds > 0) {
      throw new ApiError(429, LoginMsg.throttled(verdict.waitSeconds), { retryAfter: verdict.waitSeconds });
    }
    if (verdict.hardCaptcha && level !== 'hard') {
      await this.throttle.askHardCaptcha(ip);
      throw ApiError.badRequest(LoginMsg.hardCaptcha);
    }

    const account = await this.withPassword(candidates, input.password);
    if (!account) {
      await this.throttle.recordFailure(pop, subjects, ip);
      const reason = candidates.length ? FailureReason.wrongPassword : FailureReason.unknownAccount;
      await this.recordFailure(pop, candidates, input.userName, reason, ip);
      throw ApiError.badRequest(LoginMsg.failed);
    }
    if (account.status !== 0) {
      await this.recordFailure(pop, [account], input.userName, FailureReason.disabled, ip);
      throw ApiError.forbidden(Msg.accountDisabled);
    }
    if (isExpired(account.expireDate)) {
      await this.recordFailure(pop, [account], input.userName, FailureReason.expired, ip);
      throw ApiError.forbidden(Msg.accountExpired);
    }

    await this.throttle.recordSuccess(pop, accountSubject(account.id), ip);
    const token = await this.sessions.create(pop, account.id, account.tenantId);
    await this.accounts.recordLogin(pop, account.id, new Date());
    await this.audit.record({ ...account, population: pop }, '登录', `${account.loginUser} 登录系统`, ip);
    return { token, population: pop };
  }

  /** The first candidate whose password this is; with no candidate, a check that fails in the same time. */
  private async withPassword(candidates: readonly AccountRecord[], password: string): Promise<AccountRecord | null> {
    if (candidates.length === 0) {
      await verifyPassword(password, NO_ACCOUNT_HASH);
      return null;
    }
    for (const account of candidates) {
      if (await verifyPassword(password, account.passwordHash)) return account;
    }
    return null;
  }

  /**
   * A failed login in the operation log of each account's tenant; a name that is nobody's goes to the
   * platform's log (tenant 0), under the name typed.
   */
  private async recordFailure(pop: Population, accounts: readonly AccountRecord[], typed: string, reason: string, ip: string) {
    const detail = `${typed.trim()} 登录失败：${reason}`;
    const actors: AuditActor[] = accounts.length
      ? accounts.map((a) => ({ ...a, population: pop }))
      : [{ tenantId: 0, population: pop, id: 0, loginUser: typed.trim(), userName: '' }];
    for (const actor of actors) await this.audit.record(actor, '登录失败', detail, ip);
  }

  async logout(claims: SessionClaims | null, ip: string): Promise<void> {
    if (!claims) return;
    await this.sessions.revoke(claims);
    const account = await this.principals.findAccount(claims.pop, claims.sub);
    if (account) await this.audit.record({ ...account, population: claims.pop }, '退出', `${account.loginUser} 退出系统`, ip);
  }
}
