import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ARTIFICIAL_LIMITS, ARTIFICIAL_REASON_LABELS, ArtificialMsg, checkArtificialForm, hasArtificialAddress } from '@valuation/domain';
import { useEffect, useRef, useState } from 'react';
import { CaseFilesPicker, caseFilesProblem } from '../../../app/forms/CaseFilesPicker';
import { useSubmitArtificial } from '../api/manual-enquiry-api';

/** The valuation form's fields; cityCode and a community name (haInfo.haName) or cardAddress are needed. */
export type ManualEnquiryHouseInfo = Record<string, unknown> & { cityCode: string };

const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

function addressOf(h: ManualEnquiryHouseInfo) {
  const ha = h.haInfo !== null && typeof h.haInfo === 'object' ? (h.haInfo as Record<string, unknown>) : {};
  return { haInfo: { haName: textOf(ha.haName) }, cardAddress: textOf(h.cardAddress) };
}

/** What the enquiry is about: the house information of the valuation form, or a valuation. */
export type ManualEnquirySource = { kind: 'house'; houseInfo: ManualEnquiryHouseInfo } | { kind: 'valuation'; evalCode: string };

export interface ManualEnquiryModalProps {
  opened: boolean;
  onClose: () => void;
  source: ManualEnquirySource | null;
  evalType: 1 | 2;
  onSubmitted?: (id: number) => void;
}

/** The 人工询价 modal: reason (none chosen until the user picks one), other reason, remark and up to five attachments. */
export function ManualEnquiryModal({ opened, onClose, source, evalType, onSubmitted }: ManualEnquiryModalProps) {
  const [type, setType] = useState<1 | 2>(evalType);
  const [reason, setReason] = useState<1 | 2 | 3 | null>(null);
  const [otherReason, setOtherReason] = useState('');
  const [remark, setRemark] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitArtificial();
  const inFlight = useRef(false);

  useEffect(() => {
    if (!opened) return;
    setType(evalType);
    setReason(null);
    setOtherReason('');
    setRemark('');
    setFiles([]);
    setError(null);
  }, [opened, evalType]);

  async function send() {
    if (inFlight.current) return notifications.show({ color: 'orange', message: ArtificialMsg.alreadySubmitted });
    if (!source) return;
    if (source.kind === 'house' && !hasArtificialAddress(addressOf(source.houseInfo)))
      return notifications.show({ color: 'red', message: ArtificialMsg.addressRequired });
    const check = checkArtificialForm({ reason, otherReason, remark });
    if (!check.ok || reason === null) return setError(check.ok ? ArtificialMsg.reasonInvalid : check.message);
    const problem = await caseFilesProblem(files);
    if (problem) return notifications.show({ color: 'red', message: problem });
    setError(null);

    const form = new FormData();
    form.append('evalType', String(type));
    form.append('reason', String(reason));
    form.append('otherReason', reason === 3 ? otherReason.trim() : '');
    form.append('remark', remark.trim());
    if (source.kind === 'house') form.append('houseInfo', JSON.stringify(source.houseInfo));
    else {
      form.append('initiate', '1');
      form.append('sourceId', source.evalCode);
    }
    for (const f of files) form.append('files', f, f.name);

    inFlight.current = true;
    try {
      const { data, message } = await submit.mutateAsync({
        url: source.kind === 'house' ? '/api/artificial/add' : '/api/artificial/idadd',
        form,
      });
      notifications.show({ color: data.repeated ? 'orange' : 'green', message });
      onSubmitted?.(data.id);
      onClose();
    } catch {
      // The API client has shown the server's message.
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="人工询价" centered size="lg">
      <Stack gap="md">
        {source?.kind === 'house' && (
          <Radio.Group label="估价类型" withAsterisk value={String(type)} onChange={(v) => setType(Number(v) as 1 | 2)}>
            <Group gap="lg" mt={6}>
              <Radio value="1" label="售价" />
              <Radio value="2" label="租金" />
            </Group>
          </Radio.Group>
        )}
        <Radio.Group
          label="询价原因"
          withAsterisk
          value={reason === null ? null : String(reason)}
          error={error === ArtificialMsg.reasonInvalid ? error : null}
          onChange={(v) => {
            setReason(Number(v) as 1 | 2 | 3);
            setError(null);
          }}
        >
          <Group gap="lg" mt={6}>
            {([1, 2, 3] as const).map((r) => (
              <Radio key={r} value={String(r)} label={ARTIFICIAL_REASON_LABELS[r]} />
            ))}
          </Group>
        </Radio.Group>
        {reason === 3 && (
          <Textarea
            label="其他原因"
            withAsterisk
            placeholder={ArtificialMsg.otherReasonRequired}
            value={otherReason}
            onChange={(e) => {
              setOtherReason(e.currentTarget.value);
              setError(null);
            }}
            maxLength={ARTIFICIAL_LIMITS.otherReason}
            autosize
            minRows={2}
            error={error === ArtificialMsg.otherReasonRequired || error === ArtificialMsg.otherReasonTooLong ? error : null}
          />
        )}
        <Textarea
          label="备注"
          placeholder="请输入备注信息"
          value={remark}
          onChange={(e) => {
            setRemark(e.currentTarget.value);
            setError(null);
          }}
          maxLength={ARTIFICIAL_LIMITS.remark}
          autosize
          minRows={3}
          maxRows={8}
          description={`${remark.length}/${ARTIFICIAL_LIMITS.remark}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={error === ArtificialMsg.remarkTooLong ? error : null}
        />
        <CaseFilesPicker files={files} onChange={setFiles} />
        {error &&
          error !== ArtificialMsg.reasonInvalid &&
          error !== ArtificialMsg.otherReasonRequired &&
          error !== ArtificialMsg.otherReasonTooLong &&
          error !== ArtificialMsg.remarkTooLong && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button onClick={() => void send()} data-disabled={submit.isPending || undefined} loading={false}>
            {submit.isPending ? '提交中…' : '提交'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
