import type { Population } from '@valuation/domain';
import { Perm } from '@valuation/domain';
import type { Area } from '../../../app/session/population';

/** The organisation side (api/org/...) or the channel side (api/org/tenant/...) of the applications. */
export type AgencySide = 'org' | 'tenant';

export interface AgencySideConfig {
  side: AgencySide;
  population: Population;
  area: Area;
  permission: number;
  /** The route of the list and of the detail page (query detailID). */
  listRoute: string;
  detailRoute: string;
  title: string;
  exportName: string;
  urls: { list: string; export: string; detail: string; read: string; download: string };
}

const ORG_BASE = '/api/org';
const TENANT_BASE = '/api/org/tenant';

export const AGENCY_SIDES: Readonly<Record<AgencySide, AgencySideConfig>> = {
  org: {
    side: 'org',
    population: 'user',
    area: 'org',
    permission: Perm.agencyValuation,
    listRoute: 'agencyValuation',
    detailRoute: 'propertydetails',
    title: '机构估价',
    exportName: '机构估价.xlsx',
    urls: {
      list: `${ORG_BASE}/list`,
      export: `${ORG_BASE}/list/export`,
      detail: `${ORG_BASE}/detail`,
      read: `${ORG_BASE}/updatereadstatus`,
      download: `${ORG_BASE}/download`,
    },
  },
  tenant: {
    side: 'tenant',
    population: 'tenant',
    area: 'channel',
    permission: Perm.agencyApplications,
    listRoute: 'assessmentlist',
    detailRoute: 'assessmentdetail',
    title: '估价申请',
    exportName: '估价申请.xlsx',
    urls: {
      list: `${TENANT_BASE}/list`,
      export: `${TENANT_BASE}/list/export`,
      detail: `${TENANT_BASE}/detail`,
      read: `${TENANT_BASE}/updatereadstatus`,
      download: `${TENANT_BASE}/download`,
    },
  },
};

export const AGENCY_REQUEST_URL = `${ORG_BASE}/req`;
export const AGENCY_RECEIVE_URL = `${TENANT_BASE}/receiverep`;
export const AGENCY_REPLY_URL = `${TENANT_BASE}/pushreport`;

/** Whether the side's own read marker says unread (1): readstatus for the organisation, readstatusTenant for the channel. */
export function isAgencyUnread(side: AgencySide, row: { readstatus: 0 | 1; readstatusTenant: 0 | 1 }): boolean {
  return (side === 'org' ? row.readstatus : row.readstatusTenant) === 1;
}

/** The detailID of a route query, or null when it is not a positive integer. */
export function detailIdOf(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value.trim())) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
