import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChannelStatItems, ChannelStatSummary, OrgTreeNodeView, StatItems, StatSummary } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import type { StatRequest } from '../model/stat-filters';

export const STATISTICS_URL = {
  orgs: '/api/statistics/orgs',
  summary: '/api/statistics/summary',
  summaryExport: '/api/statistics/summary/export',
  items: '/api/statistics/items',
  itemsExport: '/api/statistics/items/export',
  channelSummary: '/api/tenant/statistics/summary',
  channelSummaryExport: '/api/tenant/statistics/summary/export',
  channelItems: '/api/tenant/statistics/items',
  channelItemsExport: '/api/tenant/statistics/items/export',
} as const;

type Paging = { pageIndex: number; pageSize: number };

const keys = {
  org: () => [...sessionKeys.all('user'), 'statistics'] as const,
  channel: () => [...sessionKeys.all('tenant'), 'statistics'] as const,
};

/** The organisations a statistics screen picks from (its data range: 36/37 for the summary, 38/39 for the detail). */
export function useStatOrganisations(view: 'summary' | 'items') {
  return useQuery({
    queryKey: [...keys.org(), 'orgs', view],
    queryFn: ({ signal }) => api.get<OrgTreeNodeView[]>(STATISTICS_URL.orgs, { view }, { signal }),
    staleTime: 60_000,
  });
}

/** The organisation side's lists wait for an organisation (请选择要统计的机构 otherwise). */
const hasOrgs = (q: StatRequest) => String(q.organizationIds ?? '') !== '';

export function useStatSummary(q: StatRequest & Paging) {
  return useQuery({
    queryKey: [...keys.org(), 'summary', q],
    queryFn: ({ signal }) => api.get<StatSummary>(STATISTICS_URL.summary, { ...q }, { signal }),
    placeholderData: keepPreviousData,
    enabled: hasOrgs(q),
  });
}

export function useStatItems(q: StatRequest & Paging) {
  return useQuery({
    queryKey: [...keys.org(), 'items', q],
    queryFn: ({ signal }) => api.get<StatItems>(STATISTICS_URL.items, { ...q }, { signal }),
    placeholderData: keepPreviousData,
    enabled: hasOrgs(q),
  });
}

export function useChannelStatSummary(q: StatRequest & Paging, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.channel(), 'summary', q],
    queryFn: ({ signal }) => api.get<ChannelStatSummary>(STATISTICS_URL.channelSummary, { ...q }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useChannelStatItems(q: StatRequest & Paging, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.channel(), 'items', q],
    queryFn: ({ signal }) => api.get<ChannelStatItems>(STATISTICS_URL.channelItems, { ...q }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const exportStatSummary = (q: StatRequest) => api.download(STATISTICS_URL.summaryExport, { ...q }, '估价汇总.xlsx');
export const exportStatItems = (q: StatRequest) => api.download(STATISTICS_URL.itemsExport, { ...q }, '估价明细.xlsx');
export const exportChannelStatSummary = (q: StatRequest) => api.download(STATISTICS_URL.channelSummaryExport, { ...q }, '估价汇总.xlsx');
export const exportChannelStatItems = (q: StatRequest) => api.download(STATISTICS_URL.channelItemsExport, { ...q }, '估价明细.xlsx');
