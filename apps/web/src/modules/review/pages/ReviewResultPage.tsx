import { Alert, Badge, Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { Perm, REVIEW_STATE_LABELS } from '@valuation/domain';
import { LoadError } from '@valuation/ui';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { CaseReportButton } from '../../reports/components/ReportActions';
import { useReadReview, useReviewDetail } from '../api/review-api';
import { CaseAnswerSection, CaseHistorySection, CaseRequestSection } from '../components/CaseSections';
import { PriceHistorySection } from '../components/PriceHistorySection';
import { ReappraisalModal } from '../components/ReappraisalModal';

const STATE_COLORS: Readonly<Record<number, string>> = { 1: 'blue', 2: 'green', 3: 'red', 4: 'gray' };

/**
 * Routes objectionDetail (params id, evalType) and objectionReviewReport (query id, evalType,
 * isreport): a re-appraisal with its answer or refusal, history and attachments.
 */
export function ReviewResultPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const id = Number(params.id ?? query.get('id'));
  const detail = useReviewDetail(Number.isInteger(id) && id > 0 ? id : null);
  const read = useReadReview();
  const { granted } = useGrantedPermissions('user');
  const [again, setAgain] = useState(false);
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const c = detail.data;

  /* The requester opening an answer marks it read; a supervisor's visit does not. */
  useEffect(() => {
    if (c && c.ownRequest && c.state !== 1 && !c.read && !read.isPending && !read.isSuccess) read.mutate(c.id);
  }, [c, read]);

  if (!(id > 0)) {
    return (
      <Alert color="yellow" variant="light" title="人工复评">
        缺少记录编号。
      </Alert>
    );
  }
  if (detail.isError) return <LoadError message="人工复评记录加载失败" onRetry={() => void detail.refetch()} />;
  if (!c) return null;

  return (
    <Stack gap="lg" maw={1320}>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={3}>人工复评结果</Title>
          <Badge variant="light" color={STATE_COLORS[c.state]}>
            {REVIEW_STATE_LABELS[c.state]}
          </Badge>
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => {
              const href = link('objectionReview');
              if (href) navigate(href);
            }}
          >
            返回列表
          </Button>
          <CaseReportButton kind="review" c={c} />
          {c.state === 2 && c.reviewTotalPrice !== null && granted.has(Perm.manualReappraisal) && (
            <Button onClick={() => setAgain(true)}>再次复评</Button>
          )}
        </Group>
      </Group>
      <CaseAnswerSection c={c} pendingText="估价师正在处理，大约需要1-2个工作日，请您耐心等待" />
      <CaseRequestSection c={c} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <PriceHistorySection items={c.historyList} current={{ type: 3, id: c.id }} />
        <CaseHistorySection c={c} />
      </SimpleGrid>
      {c.reviewTotalPrice !== null && (
        <ReappraisalModal
          opened={again}
          onClose={() => setAgain(false)}
          initiate={3}
          sourceId={c.id}
          oldPrice={c.reviewTotalPrice}
          evalType={c.evalType}
        />
      )}
    </Stack>
  );
}
