import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AppraisalCaseView } from '@valuation/contracts';
import {
  ARTIFICIAL_REASON_LABELS,
  ARTIFICIAL_STATE_LABELS,
  EVAL_TYPE_LABELS,
  evalPriceUnit,
  formatAreaText,
  formatReportTotalPrice,
  formatReportUnitPrice,
  Perm,
  unitPriceUnit,
} from '@valuation/domain';
import { FileLinks, HistoryTimeline, InfoGrid, LoadError, PageSection } from '@valuation/ui';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../app/api/client';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { CaseReportButton } from '../../reports/components/ReportActions';
import { PriceHistorySection } from '../../review/components/PriceHistorySection';
import { ReappraisalModal } from '../../review/components/ReappraisalModal';
import { useArtificialCase, useMarkArtificialRead } from '../api/manual-enquiry-api';

const STATE_COLORS: Readonly<Record<1 | 2 | 3 | 4, string>> = { 1: 'orange', 2: 'green', 3: 'red', 4: 'gray' };

function Answer({ c }: { c: AppraisalCaseView }) {
  const evalType = c.evalType === 2 ? 2 : 1;
  if (c.state === 1) {
    return (
      <Alert color="orange" variant="light">
        询价已提交，估价师处理中（预计 {c.dueTime} 前完成）。
      </Alert>
    );
  }
  if (c.state === 4) {
    return (
      <Alert color="gray" variant="light">
        {ARTIFICIAL_STATE_LABELS[4]}：该询价已由申请人撤回，估价师不再处理。
      </Alert>
    );
  }
  if (c.state === 3) {
    return (
      <Alert color="red" variant="light" title="估价失败">
        {c.refuseReason || '--'}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Group gap={48} align="flex-end">
        <div>
          <Text size="sm" c="dimmed">
            人工估价{evalType === 2 ? '租金' : '总价'}
          </Text>
          <Text fz={32} fw={700} c="blue.7" lh={1.2}>
            {formatReportTotalPrice(c.reviewTotalPrice, evalType)}
            <Text span fz="md" fw={500} ml={4}>
              {evalPriceUnit(evalType)}
            </Text>
          </Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            单价
          </Text>
          <Text fz={24} fw={600} lh={1.2}>
            {formatReportUnitPrice(c.reviewUnitPrice, evalType)}
            <Text span fz="sm" fw={500} ml={4}>
              {unitPriceUnit(evalType)}
            </Text>
          </Text>
        </div>
      </Group>
      <InfoGrid
        cols={2}
        items={[
          { label: '估价师', value: c.assigneeName },
          { label: '答复时间', value: c.reviewTime },
          { label: '估价说明', value: c.reviewReply, span: 2 },
        ]}
      />
    </Stack>
  );
}

/** Route manualInquiryReport (query id, evalType): the request, the appraiser's answer, the history and the attachments. */
export function ManualInquiryReportPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useArtificialCase(valid ? id : null);
  const markRead = useMarkArtificialRead();
  const marked = useRef(false);
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const { granted } = useGrantedPermissions('user');
  const [reappraising, setReappraising] = useState(false);
  const c = query.data;

  /* The requester opening an answered enquiry (also by a link) marks it read; a supervisor's visit does not. */
  useEffect(() => {
    if (!c || !c.ownRequest || c.read || c.state === 1 || marked.current) return;
    marked.current = true;
    markRead.mutate(c.id);
  }, [c, markRead]);

  if (!valid) {
    return (
      <Alert color="yellow" variant="light" title="人工询价">
        缺少询价编号，无法查看询价结果。
      </Alert>
    );
  }
  if (query.isError) return <LoadError message="询价结果加载失败" onRetry={() => void query.refetch()} />;
  if (!c) {
    return (
      <Paper withBorder p="xl">
        <Stack>
          <Skeleton h={28} w="30%" />
          <Skeleton h={120} />
        </Stack>
      </Paper>
    );
  }

  const back = link('manualEnquiry');
  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder p="lg" shadow="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={3}>{c.haName || c.cardAddress || c.location || '人工询价'}</Title>
              <Badge color={STATE_COLORS[c.state]} variant="light">
                {ARTIFICIAL_STATE_LABELS[c.state]}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              询价编号 {c.caseNo} · {c.cityName} · {EVAL_TYPE_LABELS[c.evalType]} · 提交于 {c.submitTime}
            </Text>
          </Stack>
          <Group gap="sm">
            <CaseReportButton kind="artificial" c={c} />
            {c.state === 2 && c.reviewTotalPrice !== null && granted.has(Perm.manualReappraisal) && (
              <Button variant="light" onClick={() => setReappraising(true)}>
                人工复评
              </Button>
            )}
            {back && (
              <Button variant="default" onClick={() => navigate(back)}>
                返回列表
              </Button>
            )}
          </Group>
        </Group>
        {c.reviewTotalPrice !== null && (
          <ReappraisalModal
            opened={reappraising}
            onClose={() => setReappraising(false)}
            initiate={2}
            sourceId={c.id}
            oldPrice={c.reviewTotalPrice}
            evalType={c.evalType}
          />
        )}
      </Paper>

      <PageSection title="询价结果">
        <Answer c={c} />
      </PageSection>

      <PageSection title="询价信息">
        <InfoGrid
          cols={2}
          items={[
            { label: '城市', value: c.cityName },
            { label: '小区', value: c.haName },
            { label: '证载地址', value: c.cardAddress },
            { label: '位置', value: c.location },
            { label: '建筑面积', value: c.bldgArea === null ? null : formatAreaText(c.bldgArea) },
            { label: '客户编号', value: c.principalCode },
            { label: '估价编号', value: c.evalCode },
            {
              label: '询价原因',
              value:
                c.reason === null ? null : c.reason === 3 ? `其他：${c.otherReason ?? ''}` : ARTIFICIAL_REASON_LABELS[c.reason as 1 | 2],
            },
            { label: '备注', value: c.remark, span: 2 },
          ]}
        />
      </PageSection>

      <PageSection title="附件">
        <FileLinks
          files={c.files.map((f) => ({ ...f, key: f.index }))}
          onOpen={(f) => api.download('/api/artificial/file', { id: c.id, index: f.index }, f.name)}
          emptyText="无附件"
        />
      </PageSection>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <PriceHistorySection items={c.historyList} current={{ type: 2, id: c.id }} />
        <HistoryTimeline entries={c.history} />
      </SimpleGrid>
    </Stack>
  );
}
