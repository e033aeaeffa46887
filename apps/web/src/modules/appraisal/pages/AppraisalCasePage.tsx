import { Anchor, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { InfoGrid, LoadError, PageSection } from '@valuation/ui';
import { Link, useParams } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useAppraisalCase } from '../api/appraisal-api';
import { CaseActionPanel } from '../components/CaseActionPanel';
import { KindBadge, OverdueBadge, StateBadge } from '../components/CaseBadges';
import { CaseHistoryTimeline } from '../components/CaseHistoryTimeline';
import { CaseMarketSection, CaseValuationSection } from '../components/CaseMarketSection';
import { CaseRequestSection } from '../components/CaseRequestSection';

/** Route appraisalCase (`/channel/appraisalCase/:id`): one case with what is needed to answer it. */
export function AppraisalCasePage() {
  const { id } = useParams();
  const caseId = Number(id);
  const query = useAppraisalCase(caseId);
  const link = useRouteLink('channel');
  const back = link('appraisalQueue');
  const c = query.data;

  if (query.isError && !c) return <LoadError message={query.error?.message} onRetry={() => void query.refetch()} />;
  if (!c) return <Skeleton height={480} radius="md" />;

  return (
    <Stack gap="lg">
      <PageSection
        title={
          <Group gap="sm">
            <Text inherit>{c.caseNo}</Text>
            <KindBadge kind={c.kind} />
            <StateBadge kind={c.kind} machineState={c.machineState} />
            {c.overdue && <OverdueBadge />}
          </Group>
        }
        actions={
          back && (
            <Anchor component={Link} to={back} size="sm">
              返回工作台
            </Anchor>
          )
        }
      >
        <InfoGrid
          cols={3}
          items={[
            { label: '申请人', value: c.requester ? `${c.requester.accountName}（${c.requester.loginUser}）` : null },
            { label: '所属机构', value: c.requester?.organizationName },
            { label: '客户公司', value: c.requester?.companyName },
            { label: '提交时间', value: c.submitTime },
            {
              label: '截止时间',
              value: (
                <Text span inherit c={c.overdue ? 'red' : undefined} fw={c.overdue ? 600 : undefined}>
                  {c.dueTime}
                </Text>
              ),
            },
            { label: '处理人', value: c.assigneeName ?? '未领取' },
          ]}
        />
      </PageSection>
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <CaseRequestSection c={c} />
            <CaseValuationSection c={c} />
            <CaseMarketSection c={c} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <CaseActionPanel c={c} reload={() => void query.refetch()} />
            <CaseHistoryTimeline history={c.history} evalType={c.evalType} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
