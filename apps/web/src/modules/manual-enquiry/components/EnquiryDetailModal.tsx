import { Alert, Badge, Button, Divider, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AppraisalCaseView } from '@valuation/contracts';
import { ARTIFICIAL_STATE_LABELS, EVAL_TYPE_LABELS, formatAreaText, formatEvalPrice, Perm, WorkflowMsg } from '@valuation/domain';
import { askConfirm, FileLinks, InfoGrid, LoadError } from '@valuation/ui';
import { api } from '../../../app/api/client';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { houseInfoItems, reasonText } from '../../appraisal/model/case-format';
import { useArtificialCase, useWithdrawArtificial } from '../api/manual-enquiry-api';

const STATE_COLORS: Readonly<Record<1 | 2 | 3 | 4, string>> = { 1: 'orange', 2: 'green', 3: 'red', 4: 'gray' };

/** The question of the 撤回 confirmation. */
export const WITHDRAW_QUESTION = '撤回后估价师将不再处理该询价，确定撤回吗？';

function Sent({ c }: { c: AppraisalCaseView }) {
  return (
    <Stack gap="md">
      <InfoGrid
        cols={2}
        labelWidth={72}
        items={[
          { label: '城市', value: c.cityName },
          { label: '估价类型', value: EVAL_TYPE_LABELS[c.evalType] },
          { label: '小区', value: c.haName },
          { label: '证载地址', value: c.cardAddress },
          { label: '建筑面积', value: c.bldgArea === null ? null : formatAreaText(c.bldgArea) },
          { label: '客户编号', value: c.principalCode },
          ...houseInfoItems(c.houseInfo),
          { label: '询价原因', value: reasonText(c), span: 2 },
          ...(c.proposedPrice === null ? [] : [{ label: '期望价格', value: formatEvalPrice(c.proposedPrice, c.evalType), span: 2 }]),
          { label: '备注', value: c.remark, span: 2 },
        ]}
      />
      <Divider label="附件" labelPosition="left" />
      <FileLinks
        files={c.files.map((f) => ({ ...f, key: f.index }))}
        onOpen={(f) => api.download('/api/artificial/file', { id: c.id, index: f.index }, f.name)}
        emptyText="无附件"
      />
    </Stack>
  );
}

export interface EnquiryDetailModalProps {
  /** The enquiry shown; null closes the dialog. */
  id: number | null;
  onClose: () => void;
}

/**
 * 询价详情 of an enquiry not answered yet: what was sent (house information, reason, remark,
 * attachments) and, for the requester while no appraiser has claimed it, 撤回 after a confirmation.
 */
export function EnquiryDetailModal({ id, onClose }: EnquiryDetailModalProps) {
  const query = useArtificialCase(id);
  const withdraw = useWithdrawArtificial();
  const { granted } = useGrantedPermissions('user');
  const c = query.data && query.data.id === id ? query.data : null;
  const claimed = c?.state === 1 && c.assigneeName !== null;
  const mayWithdraw = c !== null && c.state === 1 && c.ownRequest && !claimed && granted.has(Perm.manualEnquiry);

  async function takeBack(target: AppraisalCaseView) {
    const sure = await askConfirm({ title: '撤回询价', message: WITHDRAW_QUESTION, confirmLabel: '撤回', danger: true });
    if (!sure) return;
    try {
      const { message } = await withdraw.mutateAsync(target.id);
      notifications.show({ color: 'green', message });
      onClose();
    } catch {
      // The API client has shown the server's message; the case is reloaded to show why.
      void query.refetch();
    }
  }

  return (
    <Modal opened={id !== null} onClose={onClose} title="询价详情" centered size="lg">
      {query.isError ? (
        <LoadError message="询价详情加载失败" onRetry={() => void query.refetch()} />
      ) : !c ? (
        <Stack>
          <Skeleton h={20} w="40%" />
          <Skeleton h={140} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Group gap="sm">
            <Badge variant="light" color={STATE_COLORS[c.state]}>
              {claimed ? '估价师处理中' : ARTIFICIAL_STATE_LABELS[c.state]}
            </Badge>
            <Text size="sm" c="dimmed">
              询价编号 {c.caseNo} · 提交于 {c.submitTime}
            </Text>
          </Group>
          {claimed && (
            <Alert color="blue" variant="light">
              {WorkflowMsg.withdrawClaimed}
            </Alert>
          )}
          <Sent c={c} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              关闭
            </Button>
            {mayWithdraw && (
              <Button color="red" variant="light" loading={withdraw.isPending} onClick={() => void takeBack(c)}>
                撤回
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
