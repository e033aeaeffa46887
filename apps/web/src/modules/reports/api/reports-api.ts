import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdvisorySigning,
  CaseReportWithCase,
  ReportInfo,
  ReportType,
  ReportVerification,
  ReportWithRecord,
} from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import { valreportKeys } from '../../valreport/api/valreport-api';

const PATHS: Readonly<Record<ReportType, string>> = { 1: 'inquiry', 2: 'advisory' };

/** How often a report being rendered is asked for again. */
const RENDER_POLL_MS = 800;

export const reportKeys = {
  all: () => [...sessionKeys.all('user'), 'reports'] as const,
  report: (type: ReportType, evalCode: string) => [...reportKeys.all(), type, evalCode] as const,
  caseReport: (kind: ReportedCaseKind, id: number) => [...reportKeys.all(), 'case', kind, id] as const,
  html: (reportCode: string) => [...reportKeys.all(), 'html', reportCode] as const,
  sample: (type: ReportType) => [...reportKeys.all(), 'sample', type] as const,
  signing: () => [...reportKeys.all(), 'advisory-signing'] as const,
};

/** GET api/eval/advisory/signing: whether the consulting reports the user orders are sealed and signed. */
export function useAdvisorySigning(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.signing(),
    queryFn: ({ signal }) => api.get<AdvisorySigning>('/api/eval/advisory/signing', undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** GET api/eval/inquiry/get or api/eval/advisory/get, polled while the report is being rendered. */
export function useReport(type: ReportType, evalCode: string) {
  return useQuery({
    queryKey: reportKeys.report(type, evalCode),
    queryFn: ({ signal }) => api.get<ReportWithRecord>(`/api/eval/${PATHS[type]}/get`, { evalCode }, { signal }),
    enabled: Boolean(evalCode),
    refetchInterval: (query) => (query.state.data?.report?.state === 1 ? RENDER_POLL_MS : false),
  });
}

/** POST api/eval/inquiry/add or api/eval/advisory/add: orders the report (once). */
export function useOrderReport(type: ReportType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (evalCode: string) => api.post<ReportInfo>(`/api/eval/${PATHS[type]}/add`, { evalCode }, { json: true }),
    onSuccess: (report) => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.report(type, report.evalCode) });
      void queryClient.invalidateQueries({ queryKey: valreportKeys.result(report.evalCode) });
    },
  });
}

/** The kinds of appraisal cases with advisory reports: manual enquiries and re-appraisals. */
export type ReportedCaseKind = CaseReportWithCase['case']['kind'];

/** GET api/artificial/advisory/get or api/review/advisory/get, polled while the report is being rendered. */
export function useCaseReport(kind: ReportedCaseKind, id: number | null) {
  return useQuery({
    queryKey: reportKeys.caseReport(kind, id ?? 0),
    queryFn: ({ signal }) => api.get<CaseReportWithCase>(`/api/${kind}/advisory/get`, { id: id ?? 0 }, { signal }),
    enabled: id !== null && id > 0,
    refetchInterval: (query) => (query.state.data?.report?.state === 1 ? RENDER_POLL_MS : false),
  });
}

/** POST api/artificial/advisory/add or api/review/advisory/add: orders the advisory report of an answered case (once). */
export function useOrderCaseReport(kind: ReportedCaseKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<ReportInfo>(`/api/${kind}/advisory/add`, { id }, { json: true }),
    onSuccess: (report, id) => {
      queryClient.setQueryData<CaseReportWithCase>(reportKeys.caseReport(kind, id), (old) => (old ? { ...old, report } : old));
      void queryClient.invalidateQueries({ queryKey: reportKeys.caseReport(kind, id) });
      void queryClient.invalidateQueries({ queryKey: [...sessionKeys.all('user'), kind] });
    },
  });
}

/** The report as a web page (the layout of its PDF). */
export function useReportHtml(reportCode: string | null) {
  return useQuery({
    queryKey: reportKeys.html(reportCode ?? ''),
    queryFn: () => api.text('/api/eval/report/html', { reportCode: reportCode! }),
    enabled: Boolean(reportCode),
    staleTime: Infinity,
  });
}

export function useSampleHtml(type: ReportType) {
  return useQuery({
    queryKey: reportKeys.sample(type),
    queryFn: () => api.text('/api/eval/report/sample', { reportType: type }),
    staleTime: Infinity,
  });
}

export const downloadReportPdf = (reportCode: string) => api.download('/api/eval/report/pdf', { reportCode }, `${reportCode}.pdf`);

/** GET api/report/verify (no login needed). */
export function useReportVerification(code: string) {
  return useQuery({
    queryKey: ['report-verify', code],
    queryFn: ({ signal }) =>
      api.get<ReportVerification>('/api/report/verify', { code }, { signal, notifyErrors: false, authRedirect: false }),
    enabled: Boolean(code),
    retry: false,
  });
}
