import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  checkObjectionPrice,
  formatEvalPrice,
  OBJECTION_REASON_LABELS,
  ObjectionMsg,
  objectionPriceUnit,
  objectionReasonFromPrice,
  yuanToObjectionPrice,
} from '@valuation/domain';
import { useEffect, useState } from 'react';
import { useAddObjection } from '../api/review-api';
import { PriceStepper } from './PriceStepper';

export interface PriceObjectionModalProps {
  opened: boolean;
  onClose: () => void;
  /** The valued price in yuan. */
  oldPrice: number;
  evalCode: string;
  /** Unit type: 1 sale (万元, step 5), 2 rent (元/月, step 500). */
  evalType: 1 | 2;
}

/** 价格异议: the user's price for the property; above the old price means too low, below too high. */
export function PriceObjectionModal({ opened, onClose, oldPrice, evalCode, evalType }: PriceObjectionModalProps) {
  const unit = objectionPriceUnit(evalType);
  const shownOld = yuanToObjectionPrice(oldPrice, evalType);
  const [price, setPrice] = useState<number | string>(shownOld);
  const [error, setError] = useState<string | null>(null);
  const add = useAddObjection();

  useEffect(() => {
    if (!opened) return;
    setPrice(shownOld);
    setError(null);
  }, [opened, shownOld]);

  const numeric = Number(price);
  const reason = Number.isFinite(numeric) ? objectionReasonFromPrice(numeric, shownOld) : null;

  const checkOnBlur = (value: number | string) => {
    const check = checkObjectionPrice(value, shownOld);
    if (!check.ok && check.revert) {
      setError(check.message);
      setPrice(shownOld);
    } else setError(null);
  };

  const submit = () => {
    const check = checkObjectionPrice(price, shownOld);
    if (!check.ok) {
      setError(check.message);
      if (check.revert) setPrice(shownOld);
      return;
    }
    add.mutate(
      { evalCode, price: check.price, type: evalType },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: ObjectionMsg.success });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={() => !add.isPending && onClose()} title="价格异议" centered size="md">
      <Stack gap="md">
        <Text size="sm">
          系统估价：
          <Text span fw={600}>
            {formatEvalPrice(oldPrice, evalType)}
          </Text>
        </Text>
        <PriceStepper
          label="您认为的价格"
          value={price}
          onChange={setPrice}
          oldPrice={shownOld}
          step={unit.step}
          unit={unit.unit}
          onBlur={checkOnBlur}
        />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            异议原因：
          </Text>
          {reason ? <Badge variant="light">{OBJECTION_REASON_LABELS[reason]}</Badge> : <Text size="sm">--</Text>}
        </Group>
        <Text size="xs" c="dimmed">
          估价师将在24小时内处理您的反馈。
        </Text>
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
