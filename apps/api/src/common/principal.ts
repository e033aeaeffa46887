import type { Population } from '@valuation/domain';

/** The authenticated caller, resolved from the session on every request. */
export interface Principal {
  population: Population;
  sessionId: string;
  id: number;
  tenantId: number;
  loginUser: string;
  userName: string;
  /** Customer accounts only: own organisation and customer company. */
  organizationId: number | null;
  companyId: number | null;
  permissions: ReadonlySet<number>;
}

export interface AuthenticatedRequest {
  principal?: Principal;
  id?: string;
  ip?: string;
}
