import { Group, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CustomerCompanyView, RegionTreeNode } from '@valuation/contracts';
import {
  CUSTOMER_COMPANY_LIMITS,
  customerCompanyAddSchema,
  customerCompanyEditSchema,
  CustomerCompanyMsg,
  Perm,
  REVAL_CHARGE_HINT,
  REVAL_CHARGE_LABELS,
} from '@valuation/domain';
import { askConfirm, FormDialog } from '@valuation/ui';
import { useEffect, useMemo, useState } from 'react';
import { failureMessage } from '../../../app/api/api-error';
import { useCustomerCategoryOptions } from '../../customer-category/api/customer-category-api';
import { useDeleteLicence, useSaveCustomerCompany } from '../api/customer-company-api';
import {
  companyRequest,
  initialCompanyForm,
  pickedLicenceError,
  type CompanyFormTarget,
  type CompanyFormValues,
  type RegionNames,
} from '../model/company-form';
import { LicenceField } from './LicenceField';

export interface CompanyFormDrawerProps {
  target: CompanyFormTarget | null;
  regionTree: readonly RegionTreeNode[] | undefined;
  granted: ReadonlySet<number>;
  onClose: () => void;
}

const optionsOf = (nodes: readonly RegionTreeNode[] | undefined) =>
  (nodes ?? []).map((n) => ({ value: n.regionCode, label: n.regionName }));

function regionNames(tree: readonly RegionTreeNode[] | undefined, values: CompanyFormValues): RegionNames {
  const province = tree?.find((p) => p.regionCode === values.provinceCode);
  const city = province?.items.find((c) => c.regionCode === values.cityCode);
  return { provinceName: province?.regionName ?? '', cityName: city?.regionName ?? '' };
}

/** 新增客户公司 / 编辑客户公司: the form checked with the server's schema, and the business licence image. */
export function CompanyFormDrawer({ target, regionTree, granted, onClose }: CompanyFormDrawerProps) {
  const current: CompanyFormTarget = target ?? { kind: 'add' };
  const [failure, setFailure] = useState<string | null>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [licenceError, setLicenceError] = useState<string | null>(null);
  const [stored, setStored] = useState<CustomerCompanyView | null>(null);
  const save = useSaveCustomerCompany();
  const deleteLicence = useDeleteLicence();
  const categories = useCustomerCategoryOptions(target !== null);
  const categoryOptions = useMemo(() => (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })), [categories.data]);

  useEffect(() => {
    setPicked(null);
    setLicenceError(null);
    setFailure(null);
    setStored(target?.kind === 'edit' ? target.row : null);
  }, [target]);

  const toInput = (values: CompanyFormValues) => companyRequest(current, values, regionNames(regionTree, values));

  const pick = async (file: File) => {
    const error = await pickedLicenceError(file);
    setLicenceError(error);
    if (!error) setPicked(file);
  };

  const removeStored = async () => {
    if (!stored) return;
    const sure = await askConfirm({ title: '删除营业执照副本', message: '确定要删除营业执照副本吗？删除后立即生效。', danger: true });
    if (!sure) return;
    deleteLicence.mutate(stored.id, {
      onSuccess: (row) => {
        setStored(row);
        notifications.show({ color: 'green', message: CustomerCompanyMsg.licenceDeleted });
      },
    });
  };

  const submit = async (_request: unknown, values: CompanyFormValues) => {
    setFailure(null);
    if (licenceError) return false;
    try {
      await save.mutateAsync({
        id: current.kind === 'edit' ? current.row.id : null,
        fields: toInput(values) as Record<string, string | number>,
        licence: picked,
      });
    } catch (error) {
      setFailure(failureMessage(error));
      return false;
    }
    setPicked(null);
    notifications.show({ color: 'green', message: current.kind === 'edit' ? CustomerCompanyMsg.edited : CustomerCompanyMsg.added });
  };

  return (
    <FormDialog<CompanyFormValues, typeof customerCompanyAddSchema | typeof customerCompanyEditSchema>
      opened={target !== null}
      as="drawer"
      size={640}
      title={current.kind === 'edit' ? '编辑客户公司' : '新增客户公司'}
      schema={current.kind === 'edit' ? customerCompanyEditSchema : customerCompanyAddSchema}
      initialValues={initialCompanyForm(current)}
      toInput={toInput}
      onSubmit={submit}
      onClose={onClose}
      continueLabel={current.kind === 'add' ? '保存并继续' : undefined}
      failure={failure}
    >
      {(form) => {
        const cities = regionTree?.find((p) => p.regionCode === form.values.provinceCode)?.items;
        return (
          <>
            <TextInput
              label="公司名称"
              withAsterisk
              data-autofocus
              maxLength={CUSTOMER_COMPANY_LIMITS.name}
              {...form.getInputProps('name')}
            />
            <Select
              label="客户类别"
              placeholder="请选择客户类别"
              clearable
              data={categoryOptions}
              {...form.getInputProps('categoryId')}
              value={form.values.categoryId || null}
              onChange={(v) => form.setFieldValue('categoryId', v ?? '')}
            />
            <SimpleGrid cols={2}>
              <Select
                label="省份"
                placeholder={regionTree ? '请选择省份' : '加载中…'}
                searchable
                clearable
                data={optionsOf(regionTree)}
                error={form.errors.provinceCode}
                value={form.values.provinceCode || null}
                onChange={(v) => form.setValues({ provinceCode: v ?? '', cityCode: '' })}
              />
              <Select
                label="城市"
                placeholder="请选择城市"
                searchable
                clearable
                disabled={!form.values.provinceCode}
                data={optionsOf(cities)}
                error={form.errors.cityCode}
                value={form.values.cityCode || null}
                onChange={(v) => form.setFieldValue('cityCode', v ?? '')}
              />
            </SimpleGrid>
            <TextInput label="公司地址" maxLength={CUSTOMER_COMPANY_LIMITS.address} {...form.getInputProps('address')} />
            <TextInput
              label="统一社会信用代码"
              maxLength={CUSTOMER_COMPANY_LIMITS.socialCode}
              {...form.getInputProps('socialCode')}
              onBlur={() => form.validateField('socialCode')}
            />
            <LicenceField
              stored={stored?.hasLicense ? { companyId: stored.id, name: stored.licenseName } : null}
              picked={picked}
              error={licenceError}
              canDelete={granted.has(Perm.customerCompanyEdit)}
              disabled={save.isPending || deleteLicence.isPending}
              onPick={(file) => void pick(file)}
              onUndo={() => {
                setPicked(null);
                setLicenceError(null);
              }}
              onDeleteStored={() => void removeStored()}
            />
            <SimpleGrid cols={2}>
              <TextInput label="联系人" maxLength={CUSTOMER_COMPANY_LIMITS.contact} {...form.getInputProps('contact')} />
              <TextInput
                label="联系电话"
                placeholder="多个号码用“,”分割"
                maxLength={CUSTOMER_COMPANY_LIMITS.contactNumber}
                {...form.getInputProps('contactNumber')}
              />
              <TextInput
                label="邮箱"
                maxLength={CUSTOMER_COMPANY_LIMITS.email}
                {...form.getInputProps('email')}
                onBlur={() => form.validateField('email')}
              />
              <TextInput label="传真" maxLength={CUSTOMER_COMPANY_LIMITS.fax} {...form.getInputProps('fax')} />
              <TextInput label="部门" maxLength={CUSTOMER_COMPANY_LIMITS.department} {...form.getInputProps('department')} />
              <TextInput label="职位" maxLength={CUSTOMER_COMPANY_LIMITS.position} {...form.getInputProps('position')} />
            </SimpleGrid>
            <Radio.Group
              label="押品重估计费"
              value={form.values.revalCharge}
              error={form.errors.revalCharge}
              onChange={(v) => form.setFieldValue('revalCharge', v)}
            >
              <Group gap="lg" mt={6}>
                <Radio value="false" label={REVAL_CHARGE_LABELS.off} />
                <Radio value="true" label={`${REVAL_CHARGE_LABELS.on}（${REVAL_CHARGE_HINT}）`} />
              </Group>
            </Radio.Group>
          </>
        );
      }}
    </FormDialog>
  );
}
