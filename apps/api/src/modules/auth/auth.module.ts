import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { AuditTrail } from './audit-trail.service';
import { CaptchaService } from './captcha.service';
import { LoginThrottleService } from './login-throttle.service';
import { PrincipalLoader } from './principal.loader';
import { SessionService } from './session.service';
import { TenantAuthController, UserAuthController } from './auth.controller';

@Module({
  controllers: [UserAuthController, TenantAuthController],
  providers: [
    AuthService,
    AuditTrail,
    CaptchaService,
    LoginThrottleService,
    PrincipalLoader,
    SessionService,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [SessionService, PrincipalLoader, AuditTrail],
})
export class AuthModule {}
