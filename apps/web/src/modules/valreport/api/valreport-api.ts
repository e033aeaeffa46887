import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CommunityAround,
  CommunityDetail,
  EvalResult,
  EvalTrend,
  EvalType,
  LocalMarket,
  MonthSeries,
  NearbyCommunityList,
  PriceDistribution,
  RapidResult,
  RoomTypeSeries,
} from '@valuation/contracts';
import { REPORT_LIMITS } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';

export type ReportTradeType = 'forsale' | 'lease';

export const tradeTypeOf = (evalType: EvalType): ReportTradeType => (evalType === 2 ? 'lease' : 'forsale');

/** The community a report's market sections are about. */
export interface ReportCommunity {
  city: string;
  ha: string;
  propType: number;
  tradeType: ReportTradeType;
}

export const valreportKeys = {
  all: () => [...sessionKeys.all('user'), 'valreport'] as const,
  result: (evalCode: string) => [...valreportKeys.all(), 'result', evalCode] as const,
  trend: (evalCode: string) => [...valreportKeys.all(), 'pm', evalCode] as const,
  community: (kind: string, c: Partial<ReportCommunity> | null, extra?: unknown) => [...valreportKeys.all(), kind, c, extra] as const,
};

/** GET api/eval/get: the record, its comparable cases and feature weights. */
export function useEvalResult(evalCode: string) {
  return useQuery({
    queryKey: valreportKeys.result(evalCode),
    queryFn: ({ signal }) => api.get<EvalResult>('/api/eval/get', { evalCode }, { signal }),
    enabled: Boolean(evalCode),
  });
}

/** GET api/eval/pm: month-on-month (X) and year-on-year (R) ratios. */
export function useEvalTrend(evalCode: string, enabled: boolean) {
  return useQuery({
    queryKey: valreportKeys.trend(evalCode),
    queryFn: ({ signal }) => api.get<EvalTrend>('/api/eval/pm', { evalCode }, { signal }),
    enabled: Boolean(evalCode) && enabled,
  });
}

/** GET api/community/analysis: monthly average price or case count over the trend window. */
export function useCommunityAnalysis(c: ReportCommunity | null, statType: 'price' | 'count') {
  return useQuery({
    queryKey: valreportKeys.community('analysis', c, statType),
    queryFn: ({ signal }) =>
      api.get<MonthSeries>(
        '/api/community/analysis',
        { city: c!.city, ha: c!.ha, propType: c!.propType, tradeType: c!.tradeType, sinceYear: REPORT_LIMITS.trendYears, statType },
        { signal },
      ),
    enabled: c !== null,
  });
}

/** GET api/community/dist: case counts by unit price bucket over 5 years. */
export function useCommunityDistribution(c: ReportCommunity | null) {
  return useQuery({
    queryKey: valreportKeys.community('dist', c),
    queryFn: ({ signal }) =>
      api.get<PriceDistribution>(
        '/api/community/dist',
        {
          city: c!.city,
          ha: c!.ha,
          propType: c!.propType,
          tradeType: c!.tradeType,
          sinceYear: REPORT_LIMITS.distributionYears,
          statType: 'price',
        },
        { signal },
      ),
    enabled: c !== null,
  });
}

/** GET api/community/br: share of cases by room count over 5 years. */
export function useRoomTypes(c: ReportCommunity | null) {
  return useQuery({
    queryKey: valreportKeys.community('br', c),
    queryFn: ({ signal }) =>
      api.get<RoomTypeSeries>(
        '/api/community/br',
        {
          city: c!.city,
          ha: c!.ha,
          propType: c!.propType,
          tradeType: c!.tradeType,
          sinceYear: REPORT_LIMITS.roomTypeYears,
          statKey: 'rate',
        },
        { signal },
      ),
    enabled: c !== null,
  });
}

/** GET api/community/detail */
export function useCommunityDetail(c: ReportCommunity | null) {
  return useQuery({
    queryKey: valreportKeys.community('detail', c && { city: c.city, ha: c.ha, propType: c.propType }),
    queryFn: ({ signal }) =>
      api.get<CommunityDetail>('/api/community/detail', { city: c!.city, ha: c!.ha, propType: c!.propType }, { signal }),
    enabled: c !== null,
  });
}

/** GET api/community/around: transport, education and medical points within 1 km. */
export function useCommunityAround(c: ReportCommunity | null) {
  return useQuery({
    queryKey: valreportKeys.community('around', c && { city: c.city, ha: c.ha }),
    queryFn: ({ signal }) => api.get<CommunityAround>('/api/community/around', { city: c!.city, ha: c!.ha }, { signal }),
    enabled: c !== null,
  });
}

export interface NearbyQuery {
  city: string;
  propType: number;
  lon: number;
  lat: number;
}

/** GET api/community/list around the property (bd09ll), one more than shown: the first is the community itself. */
export function useNearbyCommunities(q: NearbyQuery | null) {
  return useQuery({
    queryKey: [...valreportKeys.all(), 'nearby', q] as const,
    queryFn: ({ signal }) =>
      api.get<NearbyCommunityList>(
        '/api/community/list',
        {
          city: q!.city,
          propType: q!.propType,
          lat: q!.lat,
          lon: q!.lon,
          limit: REPORT_LIMITS.nearbyLimit,
          distance: REPORT_LIMITS.nearbyDistance,
        },
        { signal },
      ),
    enabled: q !== null,
  });
}

export interface LocalMarketQuery {
  city: string;
  propType: number;
  tradeType: ReportTradeType;
  businessId: number | null;
}

/** GET api/community/local-market: the city's latest monthly averages (the reference price). */
export function useLocalMarket(q: LocalMarketQuery | null) {
  return useQuery({
    queryKey: [...valreportKeys.all(), 'local-market', q] as const,
    queryFn: ({ signal }) =>
      api.get<LocalMarket>(
        '/api/community/local-market',
        { city: q!.city, propType: q!.propType, tradeType: q!.tradeType, businessId: q!.businessId ?? undefined },
        { signal },
      ),
    enabled: q !== null,
  });
}

/** POST api/eval/reval?evalType={n} with JSON { evalCode }: values the property again. */
export function useRevaluation() {
  return useMutation({
    mutationFn: ({ evalCode, evalType }: { evalCode: string; evalType: EvalType }) =>
      api.post<RapidResult>('/api/eval/reval', { evalCode }, { json: true, query: { evalType } }),
  });
}
