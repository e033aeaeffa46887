import { Alert, Button, Divider, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AppraisalCaseDetail } from '@valuation/contracts';
import {
  ANSWER_REPLY_MAX,
  AppraisalMsg,
  CASE_WITHDRAWN_LABEL,
  appraisalRefuseSchema,
  evalPriceUnit,
  formatEvalPrice,
  formatUnitPrice,
  Perm,
  REFUSE_REASON_MAX,
  unitPriceUnit,
} from '@valuation/domain';
import { PageSection } from '@valuation/ui';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { useAppraisalAction, type AppraisalAction } from '../api/appraisal-api';
import { checkAnswer, EMPTY_ANSWER, proposedUnitPrice, type AnswerErrors, type AnswerFormValues } from '../model/answer-form';
import { notifyActionError } from './ActionError';

export interface CaseActionPanelProps {
  c: AppraisalCaseDetail;
  /** Reloads the case (after a conflict, the version the panel holds is stale). */
  reload: () => void;
}

const SUCCESS: Readonly<Record<AppraisalAction['action'], string>> = {
  claim: AppraisalMsg.claimed,
  release: AppraisalMsg.released,
  answer: AppraisalMsg.answered,
  refuse: AppraisalMsg.refused,
};

/** The outcome of an answered or refused case. */
function Outcome({ c }: { c: AppraisalCaseDetail }) {
  if (c.state === 4)
    return (
      <Alert color="gray" title={CASE_WITHDRAWN_LABEL}>
        <Text size="sm">申请人已在领取前撤回该询价，无需处理。</Text>
      </Alert>
    );
  if (c.state === 3)
    return (
      <Alert color="gray" title={`已退回 · ${c.reviewTime ?? ''}`}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {c.refuseReason}
        </Text>
      </Alert>
    );
  return (
    <Alert color="green" title={`已答复 · ${c.reviewTime ?? ''}`}>
      <Stack gap={4}>
        {c.reviewTotalPrice !== null && <Text size="sm">评估总价：{formatEvalPrice(c.reviewTotalPrice, c.evalType)}</Text>}
        {c.reviewUnitPrice !== null && <Text size="sm">评估单价：{formatUnitPrice(c.reviewUnitPrice, c.evalType)}</Text>}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {c.reviewReply}
        </Text>
      </Stack>
    </Alert>
  );
}

/** 领取/释放, the answer form and the refusal (confirmed first), all with the version on screen. */
export function CaseActionPanel({ c, reload }: CaseActionPanelProps) {
  const { granted } = useGrantedPermissions('tenant');
  const action = useAppraisalAction();
  const [conflict, setConflict] = useState<string | null>(null);
  const [answer, setAnswer] = useState<AnswerFormValues>(EMPTY_ANSWER);
  const [answerErrors, setAnswerErrors] = useState<AnswerErrors>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirmRefuse, setConfirmRefuse] = useState(false);

  useEffect(() => {
    setAnswer(EMPTY_ANSWER);
    setReason('');
  }, [c.id]);

  const canClaim = granted.has(Perm.appraiserClaim);
  const canAnswer = granted.has(Perm.appraiserAnswer);
  const objection = c.kind === 'objection';
  const lease = c.evalType === 2;
  const open = c.state === 1;

  const run = (a: AppraisalAction, after?: () => void) => {
    setConflict(null);
    action.mutate(a, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: SUCCESS[a.action] });
        after?.();
        reload();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 409) {
          setConflict(error.message);
          reload();
          return;
        }
        notifyActionError(error);
        if (isApiError(error) && error.code === 400) reload();
      },
    });
  };

  const submitAnswer = () => {
    const checked = checkAnswer(c.kind, c.id, c.version, answer, c.evalType);
    if (!checked.ok) {
      setAnswerErrors(checked.errors);
      return;
    }
    setAnswerErrors({});
    run({ action: 'answer', id: c.id, version: c.version, ...checked.answer }, () => setAnswer(EMPTY_ANSWER));
  };

  const askRefuse = () => {
    const parsed = appraisalRefuseSchema.safeParse({ id: c.id, version: c.version, reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? AppraisalMsg.reasonRequired);
      return;
    }
    setReasonError(null);
    setConfirmRefuse(true);
  };

  const refuse = () => {
    setConfirmRefuse(false);
    run({ action: 'refuse', id: c.id, version: c.version, reason: reason.trim() }, () => setReason(''));
  };

  const busy = action.isPending;
  const pending = (name: AppraisalAction['action']) => busy && action.variables?.action === name;

  return (
    <PageSection title="处理">
      <Stack gap="md">
        {conflict && (
          <Alert color="yellow" title="案件已更新" withCloseButton onClose={() => setConflict(null)}>
            {conflict}（已重新加载最新内容）
          </Alert>
        )}
        {!open && <Outcome c={c} />}
        {open && c.machineState === 'pending' && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              该案件尚未领取，领取后才能答复{objection ? '' : '或退回'}。
            </Text>
            {canClaim && (
              <Button loading={pending('claim')} disabled={busy} onClick={() => run({ action: 'claim', id: c.id, version: c.version })}>
                领取
              </Button>
            )}
          </Stack>
        )}
        {open && c.machineState === 'claimed' && !c.mine && (
          <Alert color="blue" title="处理中">
            该案件已由 {c.assigneeName} 领取处理。
          </Alert>
        )}
        {open && c.machineState === 'claimed' && c.mine && (
          <Stack gap="md">
            <Group justify="space-between">
              <Text size="sm">由我处理中</Text>
              {canClaim && (
                <Button
                  variant="default"
                  size="xs"
                  loading={pending('release')}
                  disabled={busy}
                  onClick={() => run({ action: 'release', id: c.id, version: c.version })}
                >
                  释放
                </Button>
              )}
            </Group>
            {canAnswer && (
              <>
                <Divider label="答复" labelPosition="left" />
                {!objection && (
                  <Stack gap="sm">
                    <NumberInput
                      label={`${lease ? '评估租金' : '评估总价'}（${evalPriceUnit(c.evalType)}）`}
                      withAsterisk
                      min={0}
                      decimalScale={2}
                      thousandSeparator=","
                      hideControls
                      value={answer.totalPrice}
                      error={answerErrors.totalPrice}
                      onChange={(v) => setAnswer((a) => ({ ...a, totalPrice: v, unitPrice: proposedUnitPrice(v, c.bldgArea, c.evalType) }))}
                    />
                    <NumberInput
                      label={`评估单价（${unitPriceUnit(c.evalType)}）`}
                      description={c.bldgArea ? `按面积 ${c.bldgArea}㎡ 计算，可修改` : undefined}
                      withAsterisk
                      min={0}
                      decimalScale={2}
                      thousandSeparator=","
                      hideControls
                      value={answer.unitPrice}
                      error={answerErrors.unitPrice}
                      onChange={(v) => setAnswer((a) => ({ ...a, unitPrice: v }))}
                    />
                  </Stack>
                )}
                <Textarea
                  label="答复内容"
                  withAsterisk
                  autosize
                  minRows={4}
                  maxRows={10}
                  maxLength={ANSWER_REPLY_MAX}
                  description={`${[...answer.reply].length}/${ANSWER_REPLY_MAX}`}
                  value={answer.reply}
                  error={answerErrors.reply}
                  onChange={(e) => {
                    const reply = e.currentTarget.value;
                    setAnswer((a) => ({ ...a, reply }));
                  }}
                />
                <Button loading={pending('answer')} disabled={busy} onClick={submitAnswer}>
                  提交答复
                </Button>
                {!objection && (
                  <>
                    <Divider label="退回" labelPosition="left" />
                    <Textarea
                      label="退回原因"
                      withAsterisk
                      autosize
                      minRows={2}
                      maxLength={REFUSE_REASON_MAX}
                      description={`${[...reason].length}/${REFUSE_REASON_MAX}`}
                      value={reason}
                      error={reasonError}
                      onChange={(e) => setReason(e.currentTarget.value)}
                    />
                    <Button color="red" variant="light" loading={pending('refuse')} disabled={busy} onClick={askRefuse}>
                      退回
                    </Button>
                  </>
                )}
              </>
            )}
          </Stack>
        )}
      </Stack>
      <Modal opened={confirmRefuse} onClose={() => setConfirmRefuse(false)} title="确认退回" centered>
        <Stack gap="md">
          <Text size="sm">退回后案件将结束处理，申请人会看到退回原因。确定退回该案件吗？</Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {reason.trim()}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRefuse(false)}>
              取消
            </Button>
            <Button color="red" onClick={refuse}>
              确认退回
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageSection>
  );
}
