import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssetList, AssetListQuery, AssetTypeOption, AssetTypeView, EvalHistoryItem, Paged } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import { recordKeys } from '../../records/api/records-api';

export const ASSET_URL = {
  list: '/api/asset/list',
  history: '/api/asset/history',
  add: '/api/asset/add',
  update: '/api/asset/update',
  delete: '/api/asset/del',
  export: '/api/asset/export',
  loan: '/api/asset/loan',
  clearLoan: '/api/asset/loan/clear',
} as const;

export const ASSET_TYPE_URL = {
  options: '/api/asset-type/list',
  page: '/api/asset-type/pageable',
  add: '/api/asset-type/add',
  update: '/api/asset-type/update',
  delete: '/api/asset-type/del',
} as const;

export const assetKeys = {
  all: () => [...sessionKeys.all('user'), 'assets'] as const,
  list: (query: AssetListQuery) => [...assetKeys.all(), 'list', query] as const,
  history: (id: number) => [...assetKeys.all(), 'history', id] as const,
  types: () => [...assetKeys.all(), 'types'] as const,
  typeOptions: () => [...assetKeys.types(), 'options'] as const,
  typePage: (pageIndex: number, pageSize: number) => [...assetKeys.types(), 'pageable', pageIndex, pageSize] as const,
};

/**
 * One page of the assets matching the filters (already cleaned), with the value of all of them;
 * asked once `enabled` (the type filter knows the company's types, so a type in the URL is kept).
 */
export function useAssets(query: AssetListQuery, enabled = true) {
  return useQuery({
    queryKey: assetKeys.list(query),
    queryFn: ({ signal }) => api.get<AssetList>(ASSET_URL.list, { ...query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The valuations of an asset's property and the answered appraisals that stem from them, newest first. */
export function useAssetHistory(id: number) {
  return useQuery({
    queryKey: assetKeys.history(id),
    queryFn: ({ signal }) => api.get<EvalHistoryItem[]>(ASSET_URL.history, { id }, { signal }),
    staleTime: 60_000,
  });
}

/** The company's asset types by name (filter and type modal). */
export function useAssetTypeOptions(enabled = true) {
  return useQuery({
    queryKey: assetKeys.typeOptions(),
    queryFn: ({ signal }) => api.get<AssetTypeOption[]>(ASSET_TYPE_URL.options, {}, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useAssetTypePage(pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: assetKeys.typePage(pageIndex, pageSize),
    queryFn: ({ signal }) => api.get<Paged<AssetTypeView>>(ASSET_TYPE_URL.page, { pageIndex, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A change to assets or types: the asset list, the types and the records' 加入资产 flags are asked again. */
function useAssetMutation<V, R>(send: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assetKeys.all() }),
        queryClient.invalidateQueries({ queryKey: recordKeys.all() }),
      ]),
  });
}

/** Adds the record's property to the assets; a refusal shows the server's message. */
export const useAddAsset = () => useAssetMutation((evalId: number) => api.post<{ id: number }>(ASSET_URL.add, { evalId }));

/** Gives an asset a type, or none (null); failures are shown in the modal. */
export const useSetAssetType = () =>
  useAssetMutation((v: { id: number; assetType: number | null }) =>
    api.post<null>(ASSET_URL.update, { id: v.id, assetType: v.assetType ?? '' }, { notifyErrors: false }),
  );

/** Sets the loan of an asset (amounts in 万元, as typed); failures are shown in the dialog. */
export const useSetLoan = () =>
  useAssetMutation((v: { id: number; loanNo: string; loanAmount: number | string; loanDate: string; originValue: number | string }) =>
    api.post<null>(ASSET_URL.loan, { ...v }, { notifyErrors: false }),
  );

export const useClearLoan = () => useAssetMutation((id: number) => api.post<null>(ASSET_URL.clearLoan, { id }));

export const useDeleteAsset = () => useAssetMutation((id: number) => api.post<null>(ASSET_URL.delete, { id }));

/** Add and edit failures are shown in the dialog, not by the client. */
export const useAddAssetType = () =>
  useAssetMutation((v: { name: string; remark: string }) => api.post<AssetTypeView>(ASSET_TYPE_URL.add, v, { notifyErrors: false }));

export const useEditAssetType = () =>
  useAssetMutation((v: { id: number; name: string; remark: string }) =>
    api.post<AssetTypeView>(ASSET_TYPE_URL.update, v, { notifyErrors: false }),
  );

export const useDeleteAssetType = () => useAssetMutation((id: number) => api.post<null>(ASSET_TYPE_URL.delete, { id }));

/** Downloads the .xlsx of the assets matching the filters. */
export function exportAssets(filters: Omit<AssetListQuery, 'pageIndex' | 'pageSize'>) {
  return api.download(ASSET_URL.export, { ...filters }, '资产.xlsx');
}
