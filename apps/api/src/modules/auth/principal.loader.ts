import { Injectable } from '@nestjs/common';
import { businessToday, type Population } from '@valuation/domain';
import { AccountRepository, type LoginAccount } from '@valuation/persistence';
import type { SessionPrincipal } from '../../common/principal';

export type AccountRecord = LoginAccount;

export function isExpired(expireDate: string | null): boolean {
  return expireDate !== null && expireDate < businessToday();
}

/** Loads accounts of either population and the permission ids their roles carry. */
@Injectable()
export class PrincipalLoader {
  constructor(private readonly accounts: AccountRepository) {}

  findAccount(pop: Population, id: number): Promise<AccountRecord | null> {
    return this.accounts.find(pop, id);
  }

  /** The accounts a name typed at login may mean: by login name, else by mobile phone (unique per tenant only). */
  findLoginCandidates(pop: Population, name: string): Promise<AccountRecord[]> {
    return this.accounts.findLoginCandidates(pop, name);
  }

  /**
   * A usable principal, or null when the account is gone, disabled or expired. One prepared
   * query: the account and the permission ids of its roles.
   */
  async load(pop: Population, id: number, sessionId: string): Promise<SessionPrincipal | null> {
    const row = await this.accounts.principal(pop, id);
    if (!row || row.status !== 0 || isExpired(row.expireDate)) return null;
    return {
      population: pop,
      sessionId,
      id: row.id,
      tenantId: row.tenantId,
      loginUser: row.loginUser,
      userName: row.userName,
      organizationId: row.organizationId,
      companyId: row.companyId,
      permissions: new Set(row.permissions),
    };
  }
}
