import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitModule } from '../../common/rate-limit.module';
import { RateLimitGuard } from '../../common/rate-limit.guard';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { AdminLog } from './admin-log.service';
import { AuditTrail } from './audit-trail.service';
import { CaptchaService } from './captcha.service';
import { LoginThrottleService } from './login-throttle.service';
import { PrincipalLoader } from './principal.loader';
import { SessionService } from './session.service';
import { TenantAuthController, UserAuthController } from './auth.controller';

/**
 * Who is calling and how often, for every module: global, as the file routes' interceptors (see
 * ReturnsFile) need its audit trail and the export slots wherever they are declared.
 */
@Global()
@Module({
  imports: [RateLimitModule],
  controllers: [UserAuthController, TenantAuthController],
  providers: [
    AuthService,
    AdminLog,
    AuditTrail,
    CaptchaService,
    LoginThrottleService,
    PrincipalLoader,
    SessionService,
    // Global guards run in this order: who is calling, then how often (per-account limits need the caller).
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [SessionService, PrincipalLoader, AuditTrail, AdminLog, RateLimitModule],
})
export class AuthModule {}
