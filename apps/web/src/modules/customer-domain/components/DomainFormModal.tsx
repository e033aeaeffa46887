import { Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { customerDomainApplySchema, customerDomainEditSchema, CustomerDomainMsg } from '@valuation/domain';
import { FormDialog } from '@valuation/ui';
import { useState } from 'react';
import { useApplyDomain, useCustomerCompanies, useEditDomain } from '../api/customer-domain-api';
import {
  domainActionFailure,
  domainRequest,
  initialDomainForm,
  unchangedDomainError,
  type DomainFormTarget,
  type DomainFormValues,
} from '../model/domain-form';

/** 申请域名 / 编辑域名: the company (fixed on edit) and the domain, checked with the server's schema. */
export function DomainFormModal({ target, onClose }: { target: DomainFormTarget | null; onClose: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const applying = target?.kind === 'apply';
  const companies = useCustomerCompanies(applying);
  const apply = useApplyDomain();
  const edit = useEditDomain();
  const current = target ?? { kind: 'apply' };

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async (request: { companyId?: number; domain: string }) => {
    setFailure(null);
    try {
      if (current.kind === 'edit')
        await edit.mutateAsync({
          id: current.row.id,
          version: current.row.version,
          companyId: current.row.companyId,
          domain: request.domain,
        });
      else await apply.mutateAsync({ companyId: request.companyId as number, domain: request.domain });
    } catch (error) {
      setFailure(domainActionFailure(error));
      return false;
    }
    notifications.show({ color: 'green', message: current.kind === 'edit' ? CustomerDomainMsg.edited : CustomerDomainMsg.applied });
  };

  const companyData =
    current.kind === 'edit'
      ? [{ value: String(current.row.companyId), label: current.row.companyName || `#${current.row.companyId}` }]
      : (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <FormDialog<DomainFormValues, typeof customerDomainApplySchema | typeof customerDomainEditSchema>
      opened={target !== null}
      title={current.kind === 'edit' ? '编辑域名' : '申请域名'}
      schema={current.kind === 'edit' ? customerDomainEditSchema : customerDomainApplySchema}
      initialValues={initialDomainForm(current)}
      toInput={(values) => domainRequest(current, values)}
      extraErrors={(values) => unchangedDomainError(current, values)}
      onSubmit={submit}
      onClose={close}
      submitLabel={current.kind === 'edit' ? '确定' : '申请'}
      failure={failure}
      size={480}
    >
      {(form) => (
        <>
          <Select
            label="客户公司"
            placeholder={companies.isLoading ? '加载中…' : '请选择客户公司'}
            withAsterisk
            searchable
            nothingFoundMessage="暂无客户公司"
            data={companyData}
            disabled={!applying}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('companyId')}
            error={form.errors.companyId ?? (companies.isError ? '客户公司加载失败' : undefined)}
          />
          <TextInput
            label="估价网站域名"
            placeholder="例如 val.example.com"
            description="不含 http(s)://、端口和路径"
            withAsterisk
            data-autofocus
            maxLength={260}
            {...form.getInputProps('domain')}
          />
        </>
      )}
    </FormDialog>
  );
}
