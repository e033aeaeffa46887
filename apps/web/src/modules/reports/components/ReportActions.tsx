import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EvalRecord, ReportType } from '@valuation/contracts';
import { FORMAL_REPORT_NAMES, formalReportConfirm, formalReportOffered, FormalReportMsg, Perm } from '@valuation/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { useOrderReport } from '../api/reports-api';
import { REPORT_ROUTE } from '../model/report-routes';

const PERMISSIONS: Readonly<Record<ReportType, number>> = { 1: Perm.inquiryReport, 2: Perm.advisoryReport };

function ReportButton({ record, type }: { record: EvalRecord; type: ReportType }) {
  const [asking, setAsking] = useState(false);
  const order = useOrderReport(type);
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const name = FORMAL_REPORT_NAMES[type];
  const href = link(REPORT_ROUTE[type], { evalType: record.evalType }, { evalCode: record.evalCode });
  const ordered = type === 1 ? record.inquiry : record.advisory;

  const generate = () =>
    order.mutate(record.evalCode, {
      onSuccess: () => {
        setAsking(false);
        notifications.show({ color: 'green', message: FormalReportMsg.generated });
        if (href) navigate(href);
      },
    });

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
      <Modal opened={asking} onClose={() => !order.isPending && setAsking(false)} title={`生成${name}`} centered size="sm">
        <Stack gap="lg">
          <Text size="sm">{formalReportConfirm(type)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} disabled={order.isPending}>
              取消
            </Button>
            <Button onClick={generate} loading={order.isPending}>
              确定生成
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
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
        <ReportButton key={t} record={record} type={t} />
      ))}
    </>
  );
}
