import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoanApplyCollateral, LoanApplyDetail, LoanApplyView, Paged } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import { assetKeys } from '../../assets/api/assets-api';

export const LOAN_APPLY_URL = {
  list: '/api/loan-apply/list',
  detail: '/api/loan-apply/detail',
  records: '/api/loan-apply/records',
  add: '/api/loan-apply/add',
  edit: '/api/loan-apply/edit',
  decide: '/api/loan-apply/decide',
  withdraw: '/api/loan-apply/withdraw',
  export: '/api/loan-apply/export',
} as const;

/** The filters of the list and its export, as the API takes them (state by its name). */
export interface LoanApplyFilters {
  applyNo?: string;
  borrower?: string;
  state?: string;
  beginDate?: string;
  endDate?: string;
}

export interface LoanApplyListRequest extends LoanApplyFilters {
  pageIndex: number;
  pageSize: number;
}

/** The fields of the form, as typed (amounts in 万元). */
export interface LoanApplyFormRequest {
  id?: number;
  applyNo: string;
  borrower: string;
  borrowerPhone: string;
  amount: number | string;
  term: number | string;
  purpose: string;
  evalCode: string;
}

/** A decision as typed: state 1 approve, 2 reject; the approved amount in 万元. */
export interface LoanApplyDecisionRequest {
  id: number;
  state: number | string;
  approvedAmount: number | string;
  loanNo: string;
  opinion: string;
}

export const loanApplyKeys = {
  all: () => [...sessionKeys.all('user'), 'loan-apply'] as const,
  list: (query: LoanApplyListRequest) => [...loanApplyKeys.all(), 'list', query] as const,
  detail: (id: number) => [...loanApplyKeys.all(), 'detail', id] as const,
  records: (keyword: string) => [...loanApplyKeys.all(), 'records', keyword] as const,
};

export function useLoanApplications(query: LoanApplyListRequest) {
  return useQuery({
    queryKey: loanApplyKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<LoanApplyView>>(LOAN_APPLY_URL.list, { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One application with its history; asked once the drawer opens. */
export function useLoanApplication(id: number | null) {
  return useQuery({
    queryKey: loanApplyKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<LoanApplyDetail>(LOAN_APPLY_URL.detail, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
  });
}

/** The newest sale valuations the user may put up as collateral, found by code, address or community. */
export function useCollateralChoices(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: loanApplyKeys.records(keyword),
    queryFn: ({ signal }) => api.get<LoanApplyCollateral[]>(LOAN_APPLY_URL.records, { keyword }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}

/** A change to applications: the list and the details are asked again, and the assets (an approval may book a loan). */
function useLoanApplyMutation<V, R>(send: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: loanApplyKeys.all() }),
        queryClient.invalidateQueries({ queryKey: assetKeys.all() }),
      ]),
  });
}

/** Adds (without an id) or edits an application; failures are shown in the dialog. */
export const useSaveLoanApplication = () =>
  useLoanApplyMutation((v: LoanApplyFormRequest) =>
    api.post<unknown>(v.id ? LOAN_APPLY_URL.edit : LOAN_APPLY_URL.add, { ...v }, { notifyErrors: false }),
  );

/** Approves or rejects; failures are shown in the dialog. */
export const useDecideLoanApplication = () =>
  useLoanApplyMutation((v: LoanApplyDecisionRequest) => api.post<null>(LOAN_APPLY_URL.decide, { ...v }, { notifyErrors: false }));

export const useWithdrawLoanApplication = () => useLoanApplyMutation((id: number) => api.post<null>(LOAN_APPLY_URL.withdraw, { id }));

/** Downloads the .xlsx of the applications matching the filters. */
export function exportLoanApplications(filters: LoanApplyFilters) {
  return api.download(LOAN_APPLY_URL.export, { ...filters }, '贷款申请.xlsx');
}
