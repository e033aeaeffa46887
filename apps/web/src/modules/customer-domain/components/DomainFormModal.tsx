import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CustomerDomainMsg } from '@valuation/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useApplyDomain, useCustomerCompanies, useEditDomain } from '../api/customer-domain-api';
import {
  checkDomainForm,
  domainActionFailure,
  initialDomainForm,
  type DomainFormTarget,
  type DomainFormValues,
} from '../model/domain-form';

type FieldErrors = Partial<Record<keyof DomainFormValues, string>>;

/** 申请域名 / 编辑域名: the company (fixed on edit) and the domain, checked as the server checks them. */
export function DomainFormModal({ target, onClose }: { target: DomainFormTarget | null; onClose: () => void }) {
  const [values, setValues] = useState<DomainFormValues>({ companyId: null, domain: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const applying = target?.kind === 'apply';
  const companies = useCustomerCompanies(applying);
  const apply = useApplyDomain();
  const edit = useEditDomain();
  const pending = apply.isPending || edit.isPending;

  useEffect(() => {
    if (!target) return;
    setValues(initialDomainForm(target));
    setErrors({});
    setFailure(null);
  }, [target]);

  const set = <K extends keyof DomainFormValues>(key: K, value: DomainFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFailure(null);
  };

  const close = () => {
    if (!pending) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const check = checkDomainForm(target, values);
    if (!check.ok) {
      setErrors({ [check.field]: check.message });
      return;
    }
    const handlers = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: target.kind === 'edit' ? CustomerDomainMsg.edited : CustomerDomainMsg.applied });
        onClose();
      },
      onError: (error: unknown) => setFailure(domainActionFailure(error)),
    };
    if (target.kind === 'edit') edit.mutate({ id: target.row.id, version: target.row.version, ...check.body }, handlers);
    else apply.mutate(check.body, handlers);
  };

  const companyData =
    target?.kind === 'edit'
      ? [{ value: String(target.row.companyId), label: target.row.companyName || `#${target.row.companyId}` }]
      : (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={target?.kind === 'edit' ? '编辑域名' : '申请域名'}
      size={480}
      closeOnClickOutside={!pending}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label="客户公司"
            placeholder={companies.isLoading ? '加载中…' : '请选择客户公司'}
            withAsterisk
            searchable
            nothingFoundMessage="暂无客户公司"
            data={companyData}
            value={values.companyId}
            disabled={!applying}
            onChange={(v) => set('companyId', v)}
            error={errors.companyId ?? (companies.isError ? '客户公司加载失败' : undefined)}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="估价网站域名"
            placeholder="例如 val.example.com"
            description="不含 http(s)://、端口和路径"
            withAsterisk
            data-autofocus
            maxLength={260}
            value={values.domain}
            onChange={(e) => set('domain', e.currentTarget.value)}
            error={errors.domain}
          />
          {failure && (
            <Alert color="red" variant="light" py="xs">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              取消
            </Button>
            <Button type="submit" loading={pending}>
              {target?.kind === 'edit' ? '确定' : '申请'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
