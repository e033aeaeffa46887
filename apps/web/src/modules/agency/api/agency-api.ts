import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgencyDetail, AgencyFileLink, AgencyListItem, AgencyPage } from '@valuation/contracts';
import type { AgencyReceive } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import { agencyPageAsPaged, type AgencyFilterQuery, type AgencyListParams } from '../model/agency-filters';
import { downloadOneBySecond } from '../model/agency-files';
import { AGENCY_RECEIVE_URL, AGENCY_REPLY_URL, AGENCY_REQUEST_URL, AGENCY_SIDES, type AgencySide } from '../model/agency-side';

export const agencyKeys = {
  all: (side: AgencySide) => [...sessionKeys.all(AGENCY_SIDES[side].population), 'agency'] as const,
  list: (side: AgencySide, q: AgencyListParams) => [...agencyKeys.all(side), 'list', q] as const,
  detail: (side: AgencySide, id: number) => [...agencyKeys.all(side), 'detail', id] as const,
};

/** A page of applications, in the shape of the shared list table. */
export function useAgencyList(side: AgencySide, q: AgencyListParams) {
  return useQuery({
    queryKey: agencyKeys.list(side, q),
    queryFn: ({ signal }) => api.get<AgencyPage<AgencyListItem>>(AGENCY_SIDES[side].urls.list, { ...q }, { signal }),
    select: agencyPageAsPaged,
    placeholderData: keepPreviousData,
  });
}

export function useAgencyDetail(side: AgencySide, id: number | null) {
  return useQuery({
    queryKey: agencyKeys.detail(side, id ?? 0),
    queryFn: ({ signal }) => api.get<AgencyDetail>(AGENCY_SIDES[side].urls.detail, { detailID: id ?? 0 }, { signal, notifyErrors: false }),
    enabled: id !== null && id > 0,
  });
}

/** Marks an application read for this side (readstatus 0), then refreshes the list and the detail (whose history records the reading). */
export function useMarkAgencyRead(side: AgencySide) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (detailID: number) => api.post<unknown>(AGENCY_SIDES[side].urls.read, { detailID, readstatus: 0 }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: agencyKeys.all(side) }),
  });
}

/** POST api/org/req (multipart); resolves with the server's message and the new application's id. Failures are shown by the caller. */
export function useSubmitAgencyRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) => {
      const reply = await api.request<{ detailID?: number } | null>('POST', AGENCY_REQUEST_URL, { body: form, notifyErrors: false });
      return { message: reply.message, detailID: reply.data?.detailID ?? null };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: agencyKeys.all('org') }),
  });
}

/**
 * POST api/org/tenant/receiverep with the version the staff member saw; resolves with the server's
 * message. Success or not (someone else may have acted first), the lists and details reload.
 */
export function useReceiveAgency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AgencyReceive) =>
      (await api.request<unknown>('POST', AGENCY_RECEIVE_URL, { body, notifyErrors: false })).message,
    onSettled: () => client.invalidateQueries({ queryKey: agencyKeys.all('tenant') }),
  });
}

/**
 * POST api/org/tenant/pushreport (multipart: files, detailID, reportResult, reportResultSingle,
 * version); resolves with the server's message. Success or not, the lists and details reload.
 */
export function usePushAgencyReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      detailID,
      version,
      totalPrice,
      unitPrice,
      files,
    }: {
      detailID: number;
      version?: number;
      totalPrice: string;
      unitPrice: string;
      files: readonly File[];
    }) => {
      const form = new FormData();
      form.append('detailID', String(detailID));
      if (version !== undefined) form.append('version', String(version));
      form.append('reportResult', totalPrice.trim());
      form.append('reportResultSingle', unitPrice.trim());
      for (const f of files) form.append('files', f, f.name);
      return (await api.request<unknown>('POST', AGENCY_REPLY_URL, { body: form, notifyErrors: false })).message;
    },
    onSettled: () => client.invalidateQueries({ queryKey: agencyKeys.all('tenant') }),
  });
}

export function exportAgencyList(side: AgencySide, filters: AgencyFilterQuery) {
  return api.download(AGENCY_SIDES[side].urls.export, { ...filters }, AGENCY_SIDES[side].exportName);
}

/** Downloads one attachment or report file under its own name. */
export function downloadAgencyFile(side: AgencySide, detailID: number, file: AgencyFileLink) {
  return api.download(AGENCY_SIDES[side].urls.download, { detailID, kind: file.kind, index: file.index }, file.name);
}

/** Downloads several files of an application, one per second; resolves with the number that failed. */
export function downloadAgencyFiles(side: AgencySide, detailID: number, files: readonly AgencyFileLink[]) {
  return downloadOneBySecond(files, (f) => downloadAgencyFile(side, detailID, f));
}
