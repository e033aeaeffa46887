import type { ReportConfigType } from '@valuation/domain';
import { useCallback, useState } from 'react';
import { REPORT_TYPE_SESSION_KEY, reportTypeFrom } from '../model/report-config-form';

function readSession(): string | null {
  try {
    return window.sessionStorage.getItem(REPORT_TYPE_SESSION_KEY);
  } catch {
    return null;
  }
}

/** The report type being configured, remembered for the browser tab. */
export function useReportType(): [ReportConfigType, (type: ReportConfigType) => void] {
  const [reportType, setReportType] = useState<ReportConfigType>(() => reportTypeFrom(readSession()));
  const choose = useCallback((type: ReportConfigType) => {
    setReportType(type);
    try {
      window.sessionStorage.setItem(REPORT_TYPE_SESSION_KEY, String(type));
    } catch {
      /* storage unavailable (private mode): the choice lasts while the page is open */
    }
  }, []);
  return [reportType, choose];
}
