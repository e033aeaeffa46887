import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LoanAssetOption, LoanHouseView, LoanScreenView, LoanStructureView, LoanTrendView } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { revalKeys } from './collateral-api';

export const LOAN_ANALYTICS_URL = {
  trend: '/api/reval/analytics/trend',
  trendExport: '/api/reval/analytics/trend/export',
  structure: '/api/reval/analytics/structure',
  structureExport: '/api/reval/analytics/structure/export',
  house: '/api/reval/analytics/house',
  houseAssets: '/api/reval/analytics/house/assets',
  screen: '/api/reval/analytics/screen',
} as const;

/** The business screen asks again this often. */
export const SCREEN_REFRESH_MS = 60_000;

export interface LoanTrendFilters {
  cityCode?: string;
  distCode?: string;
}

const analyticsKeys = {
  all: () => [...revalKeys.all(), 'analytics'] as const,
  trend: (f: LoanTrendFilters) => [...analyticsKeys.all(), 'trend', f] as const,
  structure: (runId: number | undefined) => [...analyticsKeys.all(), 'structure', runId ?? 'latest'] as const,
  house: (assetId: number) => [...analyticsKeys.all(), 'house', assetId] as const,
  houseAssets: (loanNo: string) => [...analyticsKeys.all(), 'houseAssets', loanNo] as const,
  screen: () => [...analyticsKeys.all(), 'screen'] as const,
};

export function useLoanTrend(filters: LoanTrendFilters) {
  return useQuery({
    queryKey: analyticsKeys.trend(filters),
    queryFn: ({ signal }) => api.get<LoanTrendView>(LOAN_ANALYTICS_URL.trend, { ...filters }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const exportLoanTrend = (filters: LoanTrendFilters) => api.download(LOAN_ANALYTICS_URL.trendExport, { ...filters }, '价值趋势.xlsx');

export function useLoanStructure(runId: number | undefined) {
  return useQuery({
    queryKey: analyticsKeys.structure(runId),
    queryFn: ({ signal }) => api.get<LoanStructureView>(LOAN_ANALYTICS_URL.structure, { runId }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const exportLoanStructure = (runId: number | undefined) =>
  api.download(LOAN_ANALYTICS_URL.structureExport, { runId }, '结构分析.xlsx');

export function useLoanHouse(assetId: number | undefined) {
  return useQuery({
    queryKey: analyticsKeys.house(assetId ?? 0),
    queryFn: ({ signal }) => api.get<LoanHouseView>(LOAN_ANALYTICS_URL.house, { assetId }, { signal }),
    enabled: assetId !== undefined,
  });
}

/** Assets carrying a loan whose number starts with the text typed (the first 20 by loan number). */
export function useLoanAssetOptions(loanNo: string) {
  return useQuery({
    queryKey: analyticsKeys.houseAssets(loanNo),
    queryFn: ({ signal }) => api.get<LoanAssetOption[]>(LOAN_ANALYTICS_URL.houseAssets, { loanNo }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLoanScreen() {
  return useQuery({
    queryKey: analyticsKeys.screen(),
    queryFn: ({ signal }) => api.get<LoanScreenView>(LOAN_ANALYTICS_URL.screen, {}, { signal }),
    refetchInterval: SCREEN_REFRESH_MS,
  });
}
