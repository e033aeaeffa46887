import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { SiteConfigRepository, TenantRepository, type SiteConfigEntity } from '@valuation/persistence';
import type { SiteConfig } from '@valuation/contracts';
import type { Population, SiteImageType } from '@valuation/domain';
import type { Principal } from '../../common/principal';
import { CustomerDomainHosts, type HostOwner } from './customer-domain-hosts';

/** Branding of the platform itself, used when neither the company nor the tenant has its own. */
export const PLATFORM_SITE_CONFIG: SiteConfig = {
  id: null,
  productName: '房产智能估价平台',
  companyName: '',
  companyProfile: '',
  address: '',
  contact: '',
  email: '',
  themeColor: 'rgba(28, 126, 214, 1)',
  hasLogo: false,
  hasBackground: false,
  version: '0',
};

export function toSiteConfig(row: SiteConfigEntity): SiteConfig {
  return {
    id: row.id,
    productName: row.productName,
    companyName: row.companyName,
    companyProfile: row.companyProfile,
    address: row.address,
    contact: row.contact,
    email: row.email,
    themeColor: row.themeColor,
    hasLogo: !!row.logoKey,
    hasBackground: !!row.backgroundKey,
    version: String(row.updatedAt.getTime()),
  };
}

/**
 * Resolves branding from the most specific owner: the caller's customer company, then its tenant,
 * then the platform default. Without a caller, a request host that is a completed customer domain
 * stands for that customer company (the channel pages on it get the company's tenant); any other
 * host gets the tenant DEFAULT_TENANT_CODE.
 */
@Injectable()
export class SiteConfigService {
  constructor(
    private readonly siteConfigs: SiteConfigRepository,
    private readonly tenants: TenantRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hosts: CustomerDomainHosts,
  ) {}

  async resolve(pop: Population, principal: Principal | undefined, hostname?: string): Promise<SiteConfigEntity | null> {
    const hostOwner: HostOwner | null = principal ? null : await this.hosts.ownerOf(hostname);
    const tenantId = principal?.tenantId ?? hostOwner?.tenantId ?? (await this.defaultTenantId());
    if (tenantId === null) return null;
    const companyId = pop === 'user' ? (principal ? principal.companyId : hostOwner?.companyId) : null;
    if (companyId) {
      const own = await this.siteConfigs.find(tenantId, companyId);
      if (own) return own;
    }
    return this.siteConfigs.find(tenantId, null);
  }

  /** The branding of a caller, or of the request host when there is no caller. */
  async get(pop: Population, principal: Principal | undefined, hostname?: string): Promise<SiteConfig> {
    const row = await this.resolve(pop, principal, hostname);
    return row ? toSiteConfig(row) : PLATFORM_SITE_CONFIG;
  }

  /** Object-storage key of the logo (1) or background (2), or null when none is set. */
  async imageKey(pop: Population, principal: Principal | undefined, type: SiteImageType, hostname?: string): Promise<string | null> {
    const row = await this.resolve(pop, principal, hostname);
    if (!row) return null;
    return type === 1 ? row.logoKey : row.backgroundKey;
  }

  private async defaultTenantId(): Promise<number | null> {
    const tenant = await this.tenants.findByCode(this.config.DEFAULT_TENANT_CODE);
    return tenant?.id ?? null;
  }
}
