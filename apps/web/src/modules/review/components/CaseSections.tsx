import { Alert, Anchor, Group, Text } from '@mantine/core';
import type { AppraisalCaseView } from '@valuation/contracts';
import {
  EVAL_TYPE_LABELS,
  formatArea,
  formatEvalPrice,
  formatUnitPrice,
  OBJECTION_REASON_LABELS,
  PROPERTY_TYPE_LABELS,
  REVIEW_INITIATE_LABELS,
} from '@valuation/domain';
import { HistoryTimeline, InfoGrid, PageSection } from '@valuation/ui';
import { openReviewFile } from '../api/review-api';

const reasonText = (c: AppraisalCaseView) =>
  c.reason === 3 ? `其他：${c.otherReason ?? ''}` : c.reason ? OBJECTION_REASON_LABELS[c.reason as 1 | 2] : '--';

/** What was asked: the property, the contested and proposed prices, the reason, remark and attachments. */
export function CaseRequestSection({ c, title = '申请信息' }: { c: AppraisalCaseView; title?: string }) {
  const propType = Number(c.houseInfo.propType);
  return (
    <PageSection title={title}>
      <InfoGrid
        cols={3}
        items={[
          { label: '编号', value: c.caseNo },
          { label: '提交时间', value: c.submitTime },
          { label: '估价类型', value: EVAL_TYPE_LABELS[c.evalType] },
          { label: '城市', value: c.cityName },
          { label: '小区/位置', value: c.haName ?? c.location },
          { label: '证载地址', value: c.cardAddress },
          { label: '物业类型', value: PROPERTY_TYPE_LABELS[propType] },
          { label: '面积(㎡)', value: formatArea(c.bldgArea) },
          { label: '客户编号', value: c.principalCode },
          { label: '原估价', value: formatEvalPrice(c.originalPrice, c.evalType) },
          { label: '期望价格', value: formatEvalPrice(c.proposedPrice, c.evalType) },
          { label: '原因', value: reasonText(c) },
          ...(c.kind === 'review' ? [{ label: '来源', value: c.initiate ? REVIEW_INITIATE_LABELS[c.initiate as 1 | 2 | 3] : '--' }] : []),
          { label: '备注', value: c.remark, span: 2 },
          ...(c.files.length
            ? [
                {
                  label: '附件',
                  span: 3,
                  value: (
                    <Group gap="md">
                      {c.files.map((f) => (
                        <Anchor
                          key={f.index}
                          component="button"
                          type="button"
                          size="sm"
                          onClick={() => void openReviewFile(c.id, f.index).catch(() => undefined)}
                        >
                          {f.name}
                        </Anchor>
                      ))}
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
      />
    </PageSection>
  );
}

/** The appraiser's answer or refusal, or that the case is still being processed. */
export function CaseAnswerSection({ c, pendingText }: { c: AppraisalCaseView; pendingText: string }) {
  return (
    <PageSection title="估价师答复">
      {c.state === 1 && (
        <Alert color="blue" variant="light">
          {pendingText}（预计答复时间：{c.dueTime}）
        </Alert>
      )}
      {c.state === 2 && (
        <InfoGrid
          cols={3}
          items={[
            ...(c.kind === 'objection'
              ? []
              : [
                  { label: '复评总价', value: formatEvalPrice(c.reviewTotalPrice, c.evalType) },
                  {
                    label: '复评单价',
                    value: c.reviewUnitPrice === null ? null : formatUnitPrice(c.reviewUnitPrice, c.evalType, 2),
                  },
                ]),
            { label: '答复时间', value: c.reviewTime },
            { label: '估价师', value: c.assigneeName },
            { label: '答复内容', value: c.reviewReply, span: 3 },
          ]}
        />
      )}
      {c.state === 3 && (
        <Alert color="red" variant="light" title="估价失败">
          {c.refuseReason}
          <Text size="xs" c="dimmed" mt={4}>
            {c.reviewTime}
          </Text>
        </Alert>
      )}
    </PageSection>
  );
}

export function CaseHistorySection({ c }: { c: AppraisalCaseView }) {
  return <HistoryTimeline entries={c.history} />;
}
