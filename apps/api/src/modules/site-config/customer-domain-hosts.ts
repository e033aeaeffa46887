import { Injectable } from '@nestjs/common';
import { TtlCache } from '@valuation/core';
import { normaliseDomain } from '@valuation/domain';
import { CustomerDomainRepository } from '@valuation/persistence';

/** The customer company a completed customer domain belongs to. */
export interface HostOwner {
  tenantId: number;
  companyId: number;
}

/** How long the owner of a host (or the absence of one) is kept in memory, in ms. */
export const HOST_OWNER_TTL_MS = 10_000;

/**
 * Which customer company a request host belongs to: the owner of a completed customer domain
 * (state 2) whose company is active, else null. Answers are cached for a few seconds; this
 * process forgets them at once when its staff edit or delete a domain.
 */
@Injectable()
export class CustomerDomainHosts {
  private readonly cache = new TtlCache<HostOwner | null>(HOST_OWNER_TTL_MS, 1000);

  constructor(private readonly domains: CustomerDomainRepository) {}

  /** The owner of a host name as the request gives it (Express's req.hostname: without the port). */
  async ownerOf(hostname: string | undefined): Promise<HostOwner | null> {
    const domain = hostname ? normaliseDomain(hostname) : null;
    if (domain === null) return null;
    return this.cache.get(domain, () => this.domains.ownerOfDomain(domain));
  }

  forget(): void {
    this.cache.clear();
  }
}
