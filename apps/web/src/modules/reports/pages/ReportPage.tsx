import { Alert, Button, Group } from '@mantine/core';
import type { ReportType } from '@valuation/contracts';
import { FORMAL_REPORT_NAMES, formalReportOffered, FormalReportMsg, Perm } from '@valuation/domain';
import { LoadError } from '@valuation/ui';
import { useNavigate, useParams } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { useOrderReport, useReport } from '../api/reports-api';
import { ReportScreen } from '../components/ReportScreen';

const PERMISSIONS: Readonly<Record<ReportType, number>> = { 1: Perm.inquiryReport, 2: Perm.advisoryReport };

function ReportPage({ type }: { type: ReportType }) {
  const { evalCode = '' } = useParams();
  const name = FORMAL_REPORT_NAMES[type];
  const query = useReport(type, evalCode);
  const report = query.data?.report ?? null;
  const record = query.data?.record;
  const order = useOrderReport(type);
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const { granted } = useGrantedPermissions('user');
  const back = link('valreport', { evalCode, state: record?.state ?? 1 });

  const backButton = (
    <Button variant="default" onClick={() => (back ? navigate(back) : navigate(-1))}>
      返回估价报告
    </Button>
  );

  if (query.isError) return <LoadError message={`${name}加载失败`} onRetry={() => void query.refetch()} />;

  const canOrder = granted.has(PERMISSIONS[type]) && record !== undefined && formalReportOffered(record);
  const missing = (
    <Alert
      color={report ? 'red' : 'yellow'}
      variant="light"
      title={report ? FormalReportMsg.failed : type === 2 ? FormalReportMsg.advisoryMissing : FormalReportMsg.inquiryMissing}
    >
      <Group mt="sm">
        {canOrder && (
          <Button onClick={() => order.mutate(evalCode)} loading={order.isPending}>
            {report ? '重新生成' : `生成${name}`}
          </Button>
        )}
        {backButton}
      </Group>
    </Alert>
  );

  return (
    <ReportScreen
      name={name}
      subtitle={record ? `${record.cityName} · ${record.haName ?? record.location ?? ''} · 估价编号 ${record.evalCode}` : null}
      report={report}
      loading={query.isLoading || !query.data}
      missing={missing}
      back={backButton}
    />
  );
}

/** Route InquiryReport (param evalCode, query evalType). */
export function InquiryReportPage() {
  return <ReportPage type={1} />;
}

/** Route AdvisoryReport (param evalCode, query evalType). */
export function AdvisoryReportPage() {
  return <ReportPage type={2} />;
}
