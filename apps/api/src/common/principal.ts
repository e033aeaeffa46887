import type { ClientSource, Population } from '@valuation/domain';

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
  /** The client of this request (the X-Client-Source header): what the valuations, cases and reports it files record as their source. */
  client: ClientSource;
}

/** The principal of a session, before a request names its client. */
export type SessionPrincipal = Omit<Principal, 'client'>;

export interface AuthenticatedRequest {
  principal?: Principal;
  id?: string;
  ip?: string;
}
