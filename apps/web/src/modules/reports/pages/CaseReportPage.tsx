import { Alert, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { APPRAISAL_KIND_LABELS, FormalReportMsg } from '@valuation/domain';
import { LoadError } from '@valuation/ui';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useCaseReport, useOrderCaseReport, type ReportedCaseKind } from '../api/reports-api';
import { ReportScreen } from '../components/ReportScreen';

/** Where "back" goes: the result page of the case. */
const RESULT_ROUTE: Readonly<Record<ReportedCaseKind, string>> = { artificial: 'manualInquiryReport', review: 'objectionReviewReport' };

function CaseReportPage({ kind }: { kind: ReportedCaseKind }) {
  const { id: param = '' } = useParams();
  const id = /^\d{1,15}$/.test(param) ? Number(param) : null;
  const query = useCaseReport(kind, id);
  const order = useOrderCaseReport(kind);
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const alerted = useRef(false);
  const data = query.data;
  const back = data ? link(RESULT_ROUTE[kind], { id: data.case.id, evalType: data.case.evalType, isreport: 1 }) : null;
  const goBack = () => (back ? navigate(back) : navigate(-1));

  /* An advisory report that was never generated (as the server says now, not a cached answer): say so and go back. */
  const missingNow = id === null || (query.isFetchedAfterMount && !query.isFetching && data !== undefined && !data.report);
  useEffect(() => {
    if (alerted.current || !missingNow) return;
    alerted.current = true;
    notifications.show({ color: 'yellow', message: FormalReportMsg.advisoryMissing });
    navigate(-1);
  }, [missingNow, navigate]);

  if (query.isError) return <LoadError message="咨询报告加载失败" onRetry={() => void query.refetch()} />;

  const c = data?.case;
  const backButton = (
    <Button variant="default" onClick={goBack}>
      返回{APPRAISAL_KIND_LABELS[kind]}结果
    </Button>
  );
  const missing = (
    <Alert color="red" variant="light" title={data?.report ? FormalReportMsg.failed : FormalReportMsg.advisoryMissing}>
      <Group mt="sm">
        {data?.report && data.offered && id !== null && (
          <Button onClick={() => order.mutate(id)} loading={order.isPending}>
            重新生成
          </Button>
        )}
        {backButton}
      </Group>
    </Alert>
  );

  return (
    <ReportScreen
      name="咨询报告"
      subtitle={
        c ? `${c.cityName} · ${c.haName ?? c.location ?? c.cardAddress ?? ''} · ${APPRAISAL_KIND_LABELS[kind]}编号 ${c.caseNo}` : null
      }
      report={data?.report ?? null}
      loading={query.isLoading || !data}
      missing={missing}
      back={backButton}
    />
  );
}

/** Route manualAdvisoryReport (param id, query evalType): the advisory report of a manual enquiry. */
export function ManualAdvisoryReportPage() {
  return <CaseReportPage kind="artificial" />;
}

/** Route objectionAdvisoryReport (param id, query evalType): the advisory report of a re-appraisal. */
export function ObjectionAdvisoryReportPage() {
  return <CaseReportPage kind="review" />;
}
