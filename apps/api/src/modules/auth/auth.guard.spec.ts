import { Controller, Get } from '@nestjs/common';
import { populationOfRoute, populationOfUrl } from './auth.guard';

describe('the population of an endpoint', () => {
  abstract class SiteEndpoints {
    @Get('images')
    images() {}
  }
  @Controller('site-config')
  class UserSite extends SiteEndpoints {}
  @Controller('Tenant/site-config')
  class TenantSite extends SiteEndpoints {}
  @Controller('org')
  class Org {
    @Get('tenant/list')
    list() {}
    @Get('tenantless')
    other() {}
  }

  it('is that of the path the route declares, in any letter case', () => {
    expect(populationOfRoute(Org, Org.prototype.list)).toBe('tenant');
    expect(populationOfRoute(Org, Org.prototype.other)).toBe('user');
    expect(populationOfRoute(TenantSite, TenantSite.prototype.images)).toBe('tenant');
  });

  it('tells apart two controllers that share a handler of their base class', () => {
    expect(UserSite.prototype.images).toBe(TenantSite.prototype.images);
    expect(populationOfRoute(TenantSite, TenantSite.prototype.images)).toBe('tenant');
    expect(populationOfRoute(UserSite, UserSite.prototype.images)).toBe('user');
  });

  it('reads a tenant segment of a URL whatever its case, and only a whole segment', () => {
    expect(populationOfUrl('/api/TENANT/captcha')).toBe('tenant');
    expect(populationOfUrl('/api/org/Tenant/list')).toBe('tenant');
    expect(populationOfUrl('/api/tenants-report')).toBe('user');
    expect(populationOfUrl('/api/auth/user/login-user')).toBe('user');
  });
});
