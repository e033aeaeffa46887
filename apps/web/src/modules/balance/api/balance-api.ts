import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BalanceDetailList, BalanceOrderList, CustomerBalanceList, PriceEntry, Product } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import type { AllocationRequest } from '../model/allocation-form';
import type { BalanceOrderQuery, CustomerBalanceQuery } from '../model/balance-filters';

export const BALANCE_URL = {
  list: '/api/tenant/customer-balance/list',
  listExport: '/api/tenant/customer-balance/list/export',
  order: '/api/tenant/customer-balance/order',
  orders: '/api/tenant/customer-balance/order/list',
  ordersExport: '/api/tenant/customer-balance/order/list/export',
  details: '/api/tenant/customer-balance/balance/list',
  detailsExport: '/api/tenant/customer-balance/balance/list/export',
  products: '/api/product/list',
  prices: '/api/tenant/price/list',
} as const;

type Paging = { pageIndex: number; pageSize: number };

export const balanceKeys = {
  /** Everything an allocation changes: balances, orders and what is left of them. */
  all: () => [...sessionKeys.all('tenant'), 'customer-balance'] as const,
  list: (query: CustomerBalanceQuery & Paging) => [...balanceKeys.all(), 'list', query] as const,
  orders: (query: BalanceOrderQuery & Paging) => [...balanceKeys.all(), 'orders', query] as const,
  details: (query: BalanceOrderQuery & Paging) => [...balanceKeys.all(), 'details', query] as const,
  products: () => [...sessionKeys.all('tenant'), 'products'] as const,
  prices: () => [...sessionKeys.all('tenant'), 'price-list'] as const,
};

/** One page of the customer accounts and their balances, with the totals of the filtered accounts. */
export function useCustomerBalances(query: CustomerBalanceQuery & Paging, enabled = true) {
  return useQuery({
    queryKey: balanceKeys.list(query),
    queryFn: ({ signal }) => api.get<CustomerBalanceList>(BALANCE_URL.list, { ...query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of the allocation orders, with their totals. */
export function useBalanceOrders(query: BalanceOrderQuery & Paging, enabled = true) {
  return useQuery({
    queryKey: balanceKeys.orders(query),
    queryFn: ({ signal }) => api.get<BalanceOrderList>(BALANCE_URL.orders, { ...query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of what is left of each order, with the totals left. */
export function useBalanceDetails(query: BalanceOrderQuery & Paging, enabled = true) {
  return useQuery({
    queryKey: balanceKeys.details(query),
    queryFn: ({ signal }) => api.get<BalanceDetailList>(BALANCE_URL.details, { ...query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The products a channel sells (reference data); the path names no population, the channel's token is sent. */
export function useProducts(enabled = true) {
  return useQuery({
    queryKey: balanceKeys.products(),
    queryFn: ({ signal }) => api.get<Product[]>(BALANCE_URL.products, undefined, { signal, population: 'tenant' }),
    staleTime: Infinity,
    enabled,
  });
}

/** The channel's price list: the count of each buy mode that the allocation dialog prefills. */
export function usePriceList(enabled = true) {
  return useQuery({
    queryKey: balanceKeys.prices(),
    queryFn: ({ signal }) => api.get<PriceEntry[]>(BALANCE_URL.prices, undefined, { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** Allocates a balance to a customer account; its failure is shown by the client (a red notification). */
export function useAllocateBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: AllocationRequest) => api.post<unknown>(BALANCE_URL.order, { ...order }, { json: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balanceKeys.all() }),
  });
}

export const exportCustomerBalances = (query: CustomerBalanceQuery) => api.download(BALANCE_URL.listExport, { ...query }, '客户余额.xlsx');

export const exportBalanceOrders = (query: BalanceOrderQuery) => api.download(BALANCE_URL.ordersExport, { ...query }, '订单记录.xlsx');

export const exportBalanceDetails = (query: BalanceOrderQuery) => api.download(BALANCE_URL.detailsExport, { ...query }, '余额明细.xlsx');
