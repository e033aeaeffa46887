import { useSearchParams } from 'react-router-dom';

export interface ReportParams {
  evalCode: string;
  /** 2 means only a reference price exists; null when the link does not say. */
  state: number | null;
  /** The report opened right after a re-valuation. */
  revalued: boolean;
}

/** The query of route valreport: evalCode, state and showRe. */
export function useReportParams(): ReportParams {
  const [params] = useSearchParams();
  const state = Number(params.get('state'));
  return {
    evalCode: (params.get('evalCode') ?? '').trim(),
    state: Number.isFinite(state) && state > 0 ? state : null,
    revalued: params.get('showRe') === '1',
  };
}
