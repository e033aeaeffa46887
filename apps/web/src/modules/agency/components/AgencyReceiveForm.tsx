import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AGENCY_LIMITS, AgencyMsg, checkAgencyReceiveForm } from '@valuation/domain';
import { useRef, useState } from 'react';
import { useReceiveAgency } from '../api/agency-api';
import { notifyAgencyError } from './agency-action-error';

export interface AgencyReceiveFormProps {
  detailID: number;
  /** The version of the application shown: when someone else acted since, the server answers with a conflict. */
  version: number;
  onDone?: () => void;
  onCancel?: () => void;
}

/** 接收: the receiver's name (at most 10 characters) and phone. */
export function AgencyReceiveForm({ detailID, version, onDone, onCancel }: AgencyReceiveFormProps) {
  const [receiverName, setReceiverName] = useState('');
  const [receiverPhone, setReceiverPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const receive = useReceiveAgency();
  const inFlight = useRef(false);

  async function send() {
    if (inFlight.current) return;
    const check = checkAgencyReceiveForm({ receiverName, receiverPhone });
    if (!check.ok) return setError(check.message);
    setError(null);
    inFlight.current = true;
    try {
      const message = await receive.mutateAsync({
        detailID,
        version,
        receiverName: receiverName.trim(),
        receiverPhone: receiverPhone.trim(),
      });
      if (message) notifications.show({ color: 'green', message });
      setReceiverName('');
      setReceiverPhone('');
      onDone?.();
    } catch (e) {
      notifyAgencyError(e);
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <TextInput
          label="接收人姓名"
          withAsterisk
          placeholder={AgencyMsg.receiverNameRequired}
          maxLength={AGENCY_LIMITS.receiverName}
          value={receiverName}
          error={error === AgencyMsg.receiverNameRequired ? error : null}
          onChange={(e) => {
            setReceiverName(e.currentTarget.value);
            setError(null);
          }}
        />
        <TextInput
          label="接收人电话"
          withAsterisk
          placeholder="请输入联系电话"
          maxLength={13}
          value={receiverPhone}
          error={error === AgencyMsg.phoneInvalid ? error : null}
          onChange={(e) => {
            setReceiverPhone(e.currentTarget.value);
            setError(null);
          }}
        />
      </Group>
      {error && error !== AgencyMsg.receiverNameRequired && error !== AgencyMsg.phoneInvalid && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={receive.isPending}>
            取消
          </Button>
        )}
        <Button onClick={() => void send()} loading={receive.isPending}>
          接收
        </Button>
      </Group>
    </Stack>
  );
}
