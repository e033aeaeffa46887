import { Anchor, Button, Group, Modal, Paper, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AGENCY_LIMITS, AGENCY_REPORT_TYPE_LABELS, AgencyMsg, checkAgencyRequestForm } from '@valuation/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useSubmitAgencyRequest } from '../api/agency-api';
import { agencyHouseSummary, agencyRequestForm, type AgencyHouseInfo } from '../model/agency-request';
import { AgencyFilePicker } from './AgencyFilePicker';
import { notifyAgencyError } from './agency-action-error';

export interface AgencyRequestModalProps {
  opened: boolean;
  onClose: () => void;
  /** The house information of the valuation form. */
  houseInfo: AgencyHouseInfo | null;
  evalType?: 1 | 2;
}

/** Which field a message of checkAgencyRequestForm belongs to. */
const FIELD_OF: Readonly<Record<string, 'customerName' | 'customerPhone' | 'remark'>> = {
  [AgencyMsg.customerNameRequired]: 'customerName',
  [AgencyMsg.phoneInvalid]: 'customerPhone',
  [AgencyMsg.remarkTooLong]: 'remark',
};

/** The 机构估价 modal: report type, customer name and phone, remark, up to five attachments and the property. */
export function AgencyRequestModal({ opened, onClose, houseInfo, evalType = 1 }: AgencyRequestModalProps) {
  const [reportType, setReportType] = useState<0 | 1>(1);
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [remark, setRemark] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitAgencyRequest();
  const link = useRouteLink('org');
  const inFlight = useRef(false);

  useEffect(() => {
    if (!opened) return;
    setReportType(1);
    setCustomerName('');
    setCustomerPhone('');
    setRemark('');
    setFiles([]);
    setError(null);
  }, [opened]);

  async function send() {
    if (inFlight.current || !houseInfo) return;
    const check = checkAgencyRequestForm({ reportType, customerName, customerPhone, remark, files });
    if (!check.ok) {
      setError(check.message);
      if (!FIELD_OF[check.message]) notifications.show({ color: 'red', message: check.message });
      return;
    }
    setError(null);
    inFlight.current = true;
    try {
      const { message, detailID } = await submit.mutateAsync(
        agencyRequestForm({ reportType, customerName, customerPhone, remark, evalType }, houseInfo, files),
      );
      const href = detailID === null ? undefined : link('propertydetails', { detailID });
      notifications.show({
        color: 'green',
        autoClose: href ? 8000 : undefined,
        message: (
          <Group gap="xs">
            <span>{message || AgencyMsg.submitted}</span>
            {href && (
              <Anchor component={Link} to={href} size="sm">
                查看申请
              </Anchor>
            )}
          </Group>
        ),
      });
      onClose();
    } catch (e) {
      notifyAgencyError(e);
    } finally {
      inFlight.current = false;
    }
  }

  const fieldError = (field: 'customerName' | 'customerPhone' | 'remark') => (error && FIELD_OF[error] === field ? error : null);
  const summary = houseInfo ? agencyHouseSummary(houseInfo) : [];
  const busy = submit.isPending;

  return (
    <Modal opened={opened} onClose={onClose} title="机构估价" centered size="lg" closeOnClickOutside={!busy}>
      <Stack gap="md">
        {summary.length > 0 && (
          <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
              {summary.map((r) => (
                <Text key={r.label} size="sm">
                  <Text span c="dimmed" mr={6}>
                    {r.label}
                  </Text>
                  {r.value}
                </Text>
              ))}
            </SimpleGrid>
          </Paper>
        )}
        <Radio.Group label="报告类型" withAsterisk value={String(reportType)} onChange={(v) => setReportType(v === '0' ? 0 : 1)}>
          <Group gap="lg" mt={6}>
            {([1, 0] as const).map((t) => (
              <Radio key={t} value={String(t)} label={AGENCY_REPORT_TYPE_LABELS[t]} />
            ))}
          </Group>
        </Radio.Group>
        <Group grow align="flex-start">
          <TextInput
            label="客户姓名"
            withAsterisk
            placeholder={AgencyMsg.customerNameRequired}
            maxLength={AGENCY_LIMITS.customerName}
            value={customerName}
            error={fieldError('customerName')}
            onChange={(e) => {
              setCustomerName(e.currentTarget.value);
              setError(null);
            }}
          />
          <TextInput
            label="联系电话"
            withAsterisk
            placeholder="请输入联系电话"
            maxLength={13}
            value={customerPhone}
            error={fieldError('customerPhone')}
            onChange={(e) => {
              setCustomerPhone(e.currentTarget.value);
              setError(null);
            }}
          />
        </Group>
        <Textarea
          label="备注"
          placeholder="请输入备注信息"
          value={remark}
          maxLength={AGENCY_LIMITS.remark}
          autosize
          minRows={3}
          maxRows={8}
          description={`${remark.length}/${AGENCY_LIMITS.remark}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={fieldError('remark')}
          onChange={(e) => {
            setRemark(e.currentTarget.value);
            setError(null);
          }}
        />
        <AgencyFilePicker
          kind="request"
          label="附件"
          hint={`支持图片、PDF、Word文档或压缩包，最多${AGENCY_LIMITS.maxFiles}个，单个文件不大于10M`}
          files={files}
          onChange={setFiles}
          disabled={busy}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button onClick={() => void send()} loading={busy}>
            提交
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
