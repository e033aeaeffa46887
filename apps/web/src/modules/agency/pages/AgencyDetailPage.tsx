import { Alert, Button, Grid, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { LoadError } from '@valuation/ui';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../app/api/api-error';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { useAgencyDetail, useMarkAgencyRead } from '../api/agency-api';
import {
  AgencyApplicantSection,
  AgencyAttachmentSection,
  AgencyDetailTitle,
  AgencyHistorySection,
  AgencyLocationSection,
  AgencyPropertySection,
  AgencyResultSection,
} from '../components/AgencyDetailSections';
import { AgencyActionPanel } from '../components/AgencyActionForms';
import { AGENCY_SIDES, detailIdOf, isAgencyUnread, type AgencySide } from '../model/agency-side';

/**
 * The detail of one application (query detailID): applicant, property, map, attachments and the
 * result. Opening it marks it read for this side. On the channel side it also carries the receive
 * form while pending and the reply form while in progress.
 */
export function AgencyDetailPage({ side }: { side: AgencySide }) {
  const cfg = AGENCY_SIDES[side];
  const [params] = useSearchParams();
  const id = detailIdOf(params.get('detailID'));
  const detail = useAgencyDetail(side, id);
  const markRead = useMarkAgencyRead(side);
  const marked = useRef<number | null>(null);
  const link = useRouteLink(cfg.area);
  const navigate = useNavigate();
  const { granted } = useGrantedPermissions(cfg.population);
  const d = detail.data;

  useEffect(() => {
    if (!d || marked.current === d.detailID || !isAgencyUnread(side, d)) return;
    marked.current = d.detailID;
    markRead.mutate(d.detailID);
  }, [d, side, markRead]);

  if (id === null) {
    return (
      <Alert color="yellow" variant="light" title={cfg.title}>
        缺少申请编号，无法查看详情。
      </Alert>
    );
  }
  if (detail.isError && !d) {
    const error = detail.error;
    if (isApiError(error) && error.code === 404) {
      return (
        <Alert color="yellow" variant="light" title={cfg.title}>
          {error.message}
        </Alert>
      );
    }
    const reason = isApiError(error) && error.kind === 'response' ? `：${error.message}` : '';
    return <LoadError message={`${cfg.title}详情加载失败${reason}`} onRetry={() => void detail.refetch()} />;
  }
  if (!d) {
    return (
      <Paper withBorder p="xl">
        <Stack>
          <Skeleton h={28} w="30%" />
          <Skeleton h={160} />
          <Skeleton h={160} />
        </Stack>
      </Paper>
    );
  }

  const back = link(cfg.listRoute);
  const mayAct = side === 'tenant' && granted.has(cfg.permission);
  const action = !mayAct ? null : d.reportStatus === 1 ? 'receive' : d.reportStatus === 2 ? 'reply' : null;
  return (
    <Stack gap="lg" maw={1200}>
      <Paper withBorder p="lg" shadow="xs">
        <Group justify="space-between" align="flex-start">
          <AgencyDetailTitle d={d} />
          {back && (
            <Button variant="default" onClick={() => navigate(back)}>
              返回列表
            </Button>
          )}
        </Group>
      </Paper>
      {action && (
        <AgencyActionPanel
          key={`${action}-${d.version}`}
          target={{ kind: action, detailID: d.detailID, version: d.version, evalType: d.evalType }}
          onDone={() => void detail.refetch()}
        />
      )}
      <AgencyResultSection d={d} side={side} />
      <AgencyApplicantSection d={d} side={side} />
      <AgencyPropertySection d={d} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <AgencyLocationSection d={d} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <AgencyAttachmentSection d={d} side={side} />
            <AgencyHistorySection d={d} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Route propertydetails (query detailID): an application of the organisation. */
export function PropertyDetailsPage() {
  return <AgencyDetailPage side="org" />;
}

/** Route assessmentdetail (query detailID): an application to the channel. */
export function AssessmentDetailPage() {
  return <AgencyDetailPage side="tenant" />;
}
