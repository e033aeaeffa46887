import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { RateLimitModule } from '../../common/rate-limit.module';
import { RateLimitGuard } from '../../common/rate-limit.guard';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { AdminLog } from './admin-log.service';
import { AuditTrail } from './audit-trail.service';
import { CaptchaService } from './captcha.service';
import { DownloadAuditInterceptor } from './download-audit.interceptor';
import { LoginThrottleService } from './login-throttle.service';
import { PrincipalLoader } from './principal.loader';
import { SessionService } from './session.service';
import { TenantAuthController, UserAuthController } from './auth.controller';

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
    { provide: APP_INTERCEPTOR, useClass: DownloadAuditInterceptor },
  ],
  exports: [SessionService, PrincipalLoader, AuditTrail, AdminLog],
})
export class AuthModule {}
