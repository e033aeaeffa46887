import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AGENCY_LIMITS, AgencyMsg, checkAgencyReplyForm } from '@valuation/domain';
import { useRef, useState } from 'react';
import { usePushAgencyReport } from '../api/agency-api';
import { AgencyFilePicker } from './AgencyFilePicker';
import { notifyAgencyError } from './agency-action-error';

export interface AgencyReplyFormProps {
  detailID: number;
  /** The version of the application shown: when someone else acted since, the server answers with a conflict. */
  version: number;
  /** 1 sale (元, 元/㎡), 2 rent (元/月, 元/月/㎡). */
  evalType: number;
  onDone?: () => void;
  onCancel?: () => void;
}

const TOTAL_MESSAGES: readonly string[] = [
  AgencyMsg.totalPriceRequired,
  AgencyMsg.totalPriceNegative,
  AgencyMsg.totalPriceInvalid,
  AgencyMsg.totalPriceTooLong,
];
const UNIT_MESSAGES: readonly string[] = [
  AgencyMsg.unitPriceRequired,
  AgencyMsg.unitPriceNegative,
  AgencyMsg.unitPriceInvalid,
  AgencyMsg.unitPriceTooLong,
];

/** 回复: the total and unit price (up to 2 decimals) and one to five report files (PDF, Word or archives). */
export function AgencyReplyForm({ detailID, version, evalType, onDone, onCancel }: AgencyReplyFormProps) {
  const [totalPrice, setTotalPrice] = useState('');
  const [unitPrice, setUnitPrice] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const push = usePushAgencyReport();
  const inFlight = useRef(false);
  const rent = evalType === 2;

  async function send() {
    if (inFlight.current) return;
    const check = checkAgencyReplyForm({ totalPrice, unitPrice, files });
    if (!check.ok) return setError(check.message);
    setError(null);
    inFlight.current = true;
    try {
      const message = await push.mutateAsync({ detailID, version, totalPrice, unitPrice, files });
      if (message) notifications.show({ color: 'green', message });
      setTotalPrice('');
      setUnitPrice('');
      setFiles([]);
      onDone?.();
    } catch (e) {
      notifyAgencyError(e);
    } finally {
      inFlight.current = false;
    }
  }

  const other = error && !TOTAL_MESSAGES.includes(error) && !UNIT_MESSAGES.includes(error) ? error : null;
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <TextInput
          label={rent ? '评估总价（元/月）' : '评估总价（元）'}
          withAsterisk
          placeholder={AgencyMsg.totalPriceRequired}
          inputMode="decimal"
          maxLength={AGENCY_LIMITS.totalPrice}
          value={totalPrice}
          error={error && TOTAL_MESSAGES.includes(error) ? error : null}
          onChange={(e) => {
            setTotalPrice(e.currentTarget.value);
            setError(null);
          }}
        />
        <TextInput
          label={rent ? '评估单价（元/月/㎡）' : '评估单价（元/㎡）'}
          withAsterisk
          placeholder={AgencyMsg.unitPriceRequired}
          inputMode="decimal"
          maxLength={AGENCY_LIMITS.unitPrice}
          value={unitPrice}
          error={error && UNIT_MESSAGES.includes(error) ? error : null}
          onChange={(e) => {
            setUnitPrice(e.currentTarget.value);
            setError(null);
          }}
        />
      </Group>
      <AgencyFilePicker
        kind="reply"
        label="评估文件"
        required
        hint={`支持PDF、Word文档或压缩包，${AGENCY_LIMITS.maxFiles}个以内，单个文件不大于10M`}
        files={files}
        onChange={(next) => {
          setFiles(next);
          setError(null);
        }}
        disabled={push.isPending}
      />
      {other && (
        <Text c="red" size="sm">
          {other}
        </Text>
      )}
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={push.isPending}>
            取消
          </Button>
        )}
        <Button onClick={() => void send()} loading={push.isPending}>
          提交评估结果
        </Button>
      </Group>
    </Stack>
  );
}
