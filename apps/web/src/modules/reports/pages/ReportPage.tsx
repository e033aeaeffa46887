import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ReportType } from '@valuation/contracts';
import { FORMAL_REPORT_NAMES, formalReportOffered, FormalReportMsg, Perm } from '@valuation/domain';
import { LoadError } from '@valuation/ui';
import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { downloadReportPdf, useOrderReport, useReport, useReportHtml } from '../api/reports-api';
import { ReportFrame, type ReportFrameHandle } from '../components/ReportFrame';

const PERMISSIONS: Readonly<Record<ReportType, number>> = { 1: Perm.inquiryReport, 2: Perm.advisoryReport };

function ReportPage({ type }: { type: ReportType }) {
  const { evalCode = '' } = useParams();
  const name = FORMAL_REPORT_NAMES[type];
  const query = useReport(type, evalCode);
  const report = query.data?.report ?? null;
  const record = query.data?.record;
  const html = useReportHtml(report?.state === 2 ? report.reportCode : null);
  const order = useOrderReport(type);
  const frame = useRef<ReportFrameHandle>(null);
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

  let body;
  if (query.isLoading || !query.data) {
    body = <ReportFrame html={undefined} title={name} />;
  } else if (!report || report.state === 3) {
    const canOrder = granted.has(PERMISSIONS[type]) && record !== undefined && formalReportOffered(record);
    body = (
      <Alert color={report ? 'red' : 'yellow'} variant="light" title={report ? FormalReportMsg.failed : type === 2 ? FormalReportMsg.advisoryMissing : FormalReportMsg.inquiryMissing}>
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
  } else if (report.state === 1) {
    body = (
      <Paper withBorder p="xl" shadow="xs">
        <Stack gap="sm" maw={560} mx="auto" py="xl" align="stretch">
          <Text fw={600} ta="center">
            {name}生成中，请稍候…
          </Text>
          <Progress value={100} animated striped size="lg" />
          <Text size="sm" c="dimmed" ta="center">
            报告编号 {report.reportCode}，生成完成后将自动显示
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    body = <ReportFrame ref={frame} html={html.data} title={name} />;
  }

  return (
    <Stack gap="md" maw={1100}>
      <Paper withBorder p="md" shadow="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="sm">
              <Title order={3}>{name}</Title>
              {report?.state === 2 && <Badge color="green" variant="light">已生成</Badge>}
              {report?.state === 1 && <Badge color="blue" variant="light">生成中</Badge>}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {record ? `${record.cityName} · ${record.haName ?? record.location ?? ''} · 估价编号 ${record.evalCode}` : '\u00a0'}
            </Text>
            {report?.state === 2 && (
              <Tooltip label="PDF 文件的 SHA-256，可在验真页面核对" withArrow>
                <Text size="xs" c="dimmed" ff="monospace" truncate>
                  报告编号 {report.reportCode}　生成时间 {report.finishTime}　SHA-256 {report.sha256}
                </Text>
              </Tooltip>
            )}
          </Stack>
          <Group gap="sm" wrap="nowrap">
            {report?.state === 2 && (
              <>
                <Button onClick={() => void downloadReportPdf(report.reportCode).catch(() => undefined)}>导出PDF</Button>
                <Button variant="light" onClick={() => frame.current?.print()} disabled={!html.data}>
                  打印
                </Button>
              </>
            )}
            {backButton}
          </Group>
        </Group>
      </Paper>
      {body}
    </Stack>
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
