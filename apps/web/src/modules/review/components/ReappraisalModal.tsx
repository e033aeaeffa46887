import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  checkReviewForm,
  formatEvalPrice,
  OBJECTION_REASON_LABELS,
  objectionPriceUnit,
  type ReviewInitiate,
  ReviewMsg,
} from '@valuation/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CaseFilesPicker } from '../../../app/forms/CaseFilesPicker';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useAddReview } from '../api/review-api';
import { PriceStepper } from './PriceStepper';

export interface ReappraisalModalProps {
  opened: boolean;
  onClose: () => void;
  /** 1 automatic valuation (sourceId the evalCode), 2 manual enquiry, 3 prior re-appraisal (sourceId the record id). */
  initiate: ReviewInitiate;
  sourceId: string | number;
  /** The contested price in yuan. */
  oldPrice: number;
  evalType: 1 | 2;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** 人工复评: the reason, the expected price, a remark and up to 5 attachments. */
export function ReappraisalModal({ opened, onClose, initiate, sourceId, oldPrice, evalType }: ReappraisalModalProps) {
  const unit = objectionPriceUnit(evalType);
  const shownOld = round2(oldPrice / unit.yuan);
  const [reason, setReason] = useState<'1' | '2' | '3' | null>(null);
  const [otherReason, setOtherReason] = useState('');
  const [remark, setRemark] = useState('');
  const [price, setPrice] = useState<number | string>('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const add = useAddReview();
  const link = useRouteLink('org');
  const navigate = useNavigate();

  useEffect(() => {
    if (!opened) return;
    setReason(null);
    setOtherReason('');
    setRemark('');
    setPrice('');
    setFiles([]);
    setError(null);
  }, [opened, shownOld]);

  const expectedPrice = String(price).trim() === '' ? null : Number(price);

  const submit = () => {
    if (reason === null) return setError(ReviewMsg.reasonInvalid);
    if (expectedPrice !== null && !(expectedPrice > 0)) return setError(ReviewMsg.priceInvalid);
    const actualPrice = expectedPrice === null ? undefined : round2(expectedPrice * unit.yuan);
    const check = checkReviewForm({ reason: Number(reason), otherReason, expectedPrice: actualPrice, originalPrice: oldPrice });
    if (!check.ok) return setError(check.message);
    add.mutate(
      {
        initiate,
        sourceId,
        reason: Number(reason) as 1 | 2 | 3,
        otherReason: otherReason.trim(),
        remark: remark.trim(),
        actualPrice,
        files,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: ReviewMsg.success });
          onClose();
          if (initiate === 3) {
            const href = link('objectionReview');
            if (href) navigate(href);
          }
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={() => !add.isPending && onClose()} title="人工复评" centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          原估价：{formatEvalPrice(oldPrice, evalType)}。提交后估价师将在1-2个工作日内答复。
        </Text>
        <Radio.Group
          label="复评原因"
          value={reason}
          onChange={(v) => {
            setReason(v as '1' | '2' | '3');
            setError(null);
          }}
          withAsterisk
        >
          <Group mt={6}>
            {([1, 2, 3] as const).map((r) => (
              <Radio key={r} value={String(r)} label={OBJECTION_REASON_LABELS[r]} />
            ))}
          </Group>
        </Radio.Group>
        {reason === '3' && (
          <TextInput
            label="其他原因"
            placeholder="请输入其他原因"
            value={otherReason}
            maxLength={200}
            onChange={(e) => setOtherReason(e.currentTarget.value)}
            withAsterisk
          />
        )}
        <PriceStepper
          label="期望价格"
          value={price}
          onChange={(v) => {
            setPrice(v);
            setError(null);
          }}
          oldPrice={shownOld}
          step={unit.step}
          unit={unit.unit}
          restoreOnBlur={false}
          placeholder="选填"
        />
        {(reason === '1' || reason === '2') && (
          <Text size="xs" c="dimmed" mt={-10}>
            {reason === '1' ? ReviewMsg.priceAboveForHigh : ReviewMsg.priceBelowForLow}
          </Text>
        )}
        <Textarea
          label="备注"
          placeholder="请输入备注"
          value={remark}
          maxLength={2000}
          autosize
          minRows={3}
          maxRows={6}
          onChange={(e) => setRemark(e.currentTarget.value)}
        />
        <CaseFilesPicker files={files} onChange={setFiles} disabled={add.isPending} />
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={add.isPending}>
            取消
          </Button>
          <Button onClick={submit} loading={add.isPending}>
            提交
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
