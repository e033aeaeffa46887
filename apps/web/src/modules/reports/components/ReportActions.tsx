import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EvalRecord, ReportType } from '@valuation/contracts';
import {
  advisoryUnsignedNotice,
  caseReportOffered,
  FORMAL_REPORT_NAMES,
  formalReportConfirm,
  formalReportOffered,
  FormalReportMsg,
  Perm,
} from '@valuation/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { useAdvisorySigning, useCaseReport, useOrderCaseReport, useOrderReport, type ReportedCaseKind } from '../api/reports-api';
import { CASE_REPORT_ROUTE, REPORT_ROUTE, SAMPLE_ROUTE } from '../model/report-routes';

const PERMISSIONS: Readonly<Record<ReportType, number>> = { 1: Perm.inquiryReport, 2: Perm.advisoryReport };

/**
 * Generate (after a confirmation, since it consumes a copy) or view a report. `order` places the
 * order; once it is placed the button opens the report.
 */
function ReportOrderButton({
  type,
  ordered,
  href,
  pending,
  order,
}: {
  type: ReportType;
  ordered: boolean;
  href: string | null | undefined;
  pending: boolean;
  order: () => Promise<unknown>;
}) {
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const link = useRouteLink('org');
  const name = FORMAL_REPORT_NAMES[type];
  const signing = useAdvisorySigning(type === 2 && asking);
  const unsigned = signing.data ? advisoryUnsignedNotice(signing.data) : null;
  const sampleHref = link(SAMPLE_ROUTE[type]);

  const generate = () =>
    order().then(
      () => {
        setAsking(false);
        notifications.show({ color: 'green', message: FormalReportMsg.generated });
        if (href) navigate(href);
      },
      () => undefined,
    );

  if (ordered) {
    return (
      <Button variant="light" onClick={() => href && navigate(href)} disabled={!href}>
        查看{name}
      </Button>
    );
  }
  return (
    <>
      <Button variant="light" onClick={() => setAsking(true)}>
        生成{name}
      </Button>
      <Modal opened={asking} onClose={() => !pending && setAsking(false)} title={`生成${name}`} centered size="sm">
        <Stack gap="lg">
          <Text size="sm">{formalReportConfirm(type)}</Text>
          {unsigned && (
            <Alert color="yellow" variant="light" p="sm" data-testid="advisory-unsigned">
              <Text size="sm">{unsigned}</Text>
            </Alert>
          )}
          {sampleHref && (
            <Anchor component={Link} to={sampleHref} target="_blank" size="sm">
              查看{name}样例
            </Anchor>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} disabled={pending}>
              取消
            </Button>
            <Button onClick={generate} loading={pending}>
              确定生成
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function RecordReportButton({ record, type }: { record: EvalRecord; type: ReportType }) {
  const order = useOrderReport(type);
  const link = useRouteLink('org');
  return (
    <ReportOrderButton
      type={type}
      ordered={type === 1 ? record.inquiry : record.advisory}
      href={link(REPORT_ROUTE[type], { evalType: record.evalType }, { evalCode: record.evalCode })}
      pending={order.isPending}
      order={() => order.mutateAsync(record.evalCode)}
    />
  );
}

/** The inquiry and advisory report buttons of a valuation: generate (after a confirmation) or view. */
export function ReportActions({ record }: { record: EvalRecord }) {
  const { granted } = useGrantedPermissions('user');
  if (!formalReportOffered(record)) return null;
  const types = ([1, 2] as const).filter((t) => granted.has(PERMISSIONS[t]));
  return (
    <>
      {types.map((t) => (
        <RecordReportButton key={t} record={record} type={t} />
      ))}
    </>
  );
}

/**
 * The advisory report button of an answered manual enquiry or re-appraisal: generate or view once
 * the appraiser gave a price. A manual enquiry without a price says 估价失败; a refused
 * re-appraisal shows nothing.
 */
export function CaseReportButton({
  kind,
  c,
}: {
  kind: ReportedCaseKind;
  c: { id: number; state: number; evalType: number; reviewTotalPrice: number | null };
}) {
  const { granted } = useGrantedPermissions('user');
  const allowed = granted.has(Perm.advisoryReport);
  const offered = caseReportOffered({ kind, ...c });
  const report = useCaseReport(kind, allowed && offered ? c.id : null);
  const order = useOrderCaseReport(kind);
  const link = useRouteLink('org');
  if (!allowed || c.state === 1) return null;
  if (!offered) {
    return kind === 'artificial' ? (
      <Button variant="light" color="gray" disabled>
        估价失败
      </Button>
    ) : null;
  }
  const live = report.data?.report && report.data.report.state !== 3;
  return (
    <ReportOrderButton
      type={2}
      ordered={Boolean(live)}
      href={link(CASE_REPORT_ROUTE[kind], { evalType: c.evalType }, { id: c.id })}
      pending={order.isPending}
      order={() => order.mutateAsync(c.id)}
    />
  );
}

/**
 * The report column of the manual enquiry and re-appraisal lists: a link to the advisory report
 * when there is one (and the user may read it), 未生成 for an answered case without one.
 */
export function CaseReportCell({
  kind,
  row,
}: {
  kind: ReportedCaseKind;
  row: { id: number; state: number; evalType: number; advisory: boolean };
}) {
  const { granted } = useGrantedPermissions('user');
  const link = useRouteLink('org');
  const href =
    row.advisory && granted.has(Perm.advisoryReport) ? link(CASE_REPORT_ROUTE[kind], { evalType: row.evalType }, { id: row.id }) : null;
  if (href) {
    return (
      <Anchor component={Link} to={href} size="sm" style={{ whiteSpace: 'nowrap' }}>
        咨询报告
      </Anchor>
    );
  }
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {row.state === 2 && !row.advisory ? '未生成' : '--'}
    </Text>
  );
}
