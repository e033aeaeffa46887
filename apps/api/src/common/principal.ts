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

/** The API key a request was authenticated with (instead of a session). */
export interface ApiKeyCaller {
  id: number;
  rateLimitPerMinute: number;
}

export interface AuthenticatedRequest {
  principal?: Principal;
  apiKey?: ApiKeyCaller;
  id?: string;
  ip?: string;
}
