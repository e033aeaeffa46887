import { PasswordInput, Select, SegmentedControl, Input, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendar } from '@tabler/icons-react';
import type { OrgTreeNodeView } from '@valuation/contracts';
import { ACCOUNT_LIMITS, AccountMsg, USER_TYPE_LABELS, UserType } from '@valuation/domain';
import { FormDialog, type SaveMode } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { failureMessage } from '../../../app/api/api-error';
import { useCustomerCompanies, useSaveAccount } from '../api/account-api';
import {
  accountRequest,
  accountSchema,
  confirmErrors,
  initialAccountForm,
  type AccountFormTarget,
  type AccountFormValues,
} from '../model/account-form';
import type { AccountSide } from '../model/account-sides';

/** The organisations of the tree as picker options, indented by depth. */
function orgOptions(nodes: readonly OrgTreeNodeView[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((n) => [
    { value: String(n.id), label: `${'\u3000'.repeat(depth)}${n.name}` },
    ...orgOptions(n.children ?? [], depth + 1),
  ]);
}

/**
 * 新增账号 / 编辑账号 of every side, checked with the server's schema: organisation (organisation
 * side) or customer company and client type (channel customers; fixed on edit), account (fixed on
 * edit), expiry date, password and confirmation (empty on edit keeps it), name, phone, e-mail.
 * 保存并分配角色 saves and opens the account's role assignment.
 */
export function AccountFormDialog({
  side,
  target,
  orgTree,
  onClose,
  onAssign,
}: {
  side: AccountSide;
  target: AccountFormTarget | null;
  orgTree: readonly OrgTreeNodeView[];
  onClose: () => void;
  /** Opens the role assignment of the account saved; absent when the user may not assign roles. */
  onAssign?: (id: number) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const current = target ?? { kind: 'add' };
  const adding = current.kind === 'add';
  const companies = useCustomerCompanies(side.company && target !== null);
  const save = useSaveAccount(side);
  const organisations = useMemo(() => orgOptions(orgTree), [orgTree]);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async (request: unknown, _values: AccountFormValues, mode: SaveMode) => {
    setFailure(null);
    let id: number;
    try {
      id = await save.mutateAsync({ request: request as Record<string, unknown>, edit: !adding });
    } catch (error) {
      setFailure(failureMessage(error));
      return false;
    }
    notifications.show({ color: 'green', message: adding ? AccountMsg.added : AccountMsg.edited });
    if (mode === 'continue' && onAssign) {
      close();
      onAssign(id);
    }
  };

  const companyData =
    current.kind === 'edit'
      ? [{ value: String(current.row.customerCompanyId ?? ''), label: current.row.customerCompanyName || '—' }]
      : (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <FormDialog<AccountFormValues, ReturnType<typeof accountSchema>>
      opened={target !== null}
      title={adding ? `新增${side.name === 'org' ? '账号' : side.title}` : `编辑${side.name === 'org' ? '账号' : side.title}`}
      schema={accountSchema(side, current)}
      initialValues={initialAccountForm(current)}
      toInput={(values) => accountRequest(side, current, values)}
      extraErrors={confirmErrors}
      onSubmit={submit}
      onClose={close}
      submitLabel="保存"
      continueLabel={onAssign ? '保存并分配角色' : undefined}
      failure={failure}
      size={560}
    >
      {(form) => (
        <>
          {side.organisation && (
            <Select
              label="机构"
              placeholder="请从下拉列表中选择机构"
              withAsterisk={adding}
              searchable
              nothingFoundMessage="请从下拉列表中选择机构"
              data={
                adding
                  ? organisations
                  : [{ value: form.values.organizationId, label: current.kind === 'edit' ? current.row.organizationName : '' }]
              }
              disabled={!adding}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('organizationId')}
              onChange={(v) => form.setFieldValue('organizationId', v ?? '')}
            />
          )}
          {side.company && (
            <>
              <Select
                label="客户公司"
                placeholder={companies.isLoading ? '加载中…' : '请选择客户公司'}
                withAsterisk={adding}
                searchable
                nothingFoundMessage="暂无客户公司"
                data={companyData}
                disabled={!adding}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('customerCompanyId')}
              />
              <Input.Wrapper label="客户类型">
                <div>
                  <SegmentedControl
                    disabled={!adding}
                    data={[UserType.Enterprise, UserType.Personal].map((t) => ({ value: String(t), label: USER_TYPE_LABELS[t] }))}
                    {...form.getInputProps('userType')}
                  />
                </div>
              </Input.Wrapper>
            </>
          )}
          <TextInput
            label="账号"
            placeholder="6-18位，字母开头，可含字母、数字、下划线"
            withAsterisk={adding}
            disabled={!adding}
            maxLength={ACCOUNT_LIMITS.loginUser}
            autoComplete="off"
            {...form.getInputProps('loginUser')}
          />
          <DateInput
            label="到期时间"
            placeholder="yyyy/MM/dd"
            valueFormat="YYYY/MM/DD"
            withAsterisk={side.expiryRequired}
            clearable
            leftSection={<IconCalendar size={16} stroke={1.6} />}
            popoverProps={{ withinPortal: true }}
            value={form.values.expireDate ? form.values.expireDate.replace(/\//g, '-') : null}
            error={form.errors.expireDate}
            onChange={(picked) => form.setFieldValue('expireDate', picked ? picked.replace(/-/g, '/') : '')}
          />
          <PasswordInput
            label="密码"
            placeholder={adding ? '6-18位字母、数字、符号的组合' : '不修改请留空'}
            withAsterisk={adding}
            maxLength={ACCOUNT_LIMITS.password}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="确认密码"
            withAsterisk={adding}
            maxLength={ACCOUNT_LIMITS.password}
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <TextInput label="姓名" withAsterisk maxLength={ACCOUNT_LIMITS.userName} {...form.getInputProps('userName')} />
          <TextInput
            label="电话"
            placeholder="多个号码用“,”分隔"
            maxLength={ACCOUNT_LIMITS.mobilePhone}
            {...form.getInputProps('mobilePhone')}
          />
          <TextInput label="邮箱" maxLength={ACCOUNT_LIMITS.email} {...form.getInputProps('email')} />
        </>
      )}
    </FormDialog>
  );
}
