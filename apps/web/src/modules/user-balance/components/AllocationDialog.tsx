import { Group, Input, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CustomerBalanceSummary } from '@valuation/contracts';
import {
  ALLOCATION_KIND_LABELS,
  ALLOCATION_KINDS,
  BalanceMsg,
  cleanCountInput,
  formatGrouped,
  USER_TYPE_LABELS,
  userBalanceAllocateSchema,
  userBalanceDefaultSchema,
  type AllocationKind,
  type UserType,
} from '@valuation/domain';
import { FormDialog, InfoGrid, type SchemaFormApi } from '@valuation/ui';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../../app/api/api-error';
import { useAllocate, useSaveDefaults } from '../api/user-balance-api';
import {
  allocatable,
  allocationInput,
  COUNT_UNITS,
  countKey,
  initialCounts,
  isFormRule,
  type AllocationTarget,
  type CountValues,
} from '../model/allocation-form';

export interface AllocationDialogProps {
  /** The account to allocate to, or the defaults; closed when null. */
  target: AllocationTarget | null;
  /** What the administrator can allocate, and the defaults. */
  summary: CustomerBalanceSummary | undefined;
  onClose: () => void;
}

/** One count: typed as digits only (no leading 0), with what is left to allocate beside it when allocating. */
function CountField({ form, kind, left }: { form: SchemaFormApi<CountValues>; kind: AllocationKind; left: number | null }) {
  const key = countKey(kind);
  const id = `allocation-${kind}`;
  const error = form.errors[key];
  const fieldError = typeof error === 'string' && !isFormRule(error) ? error : undefined;
  /* The at-least-one rule is the four fields' together: all are marked, its message is listed above them. */
  const ruleBroken = isFormRule(form.errors[countKey('annually')] as string | undefined);
  return (
    <Input.Wrapper id={id} label={ALLOCATION_KIND_LABELS[kind]} error={fieldError}>
      <Group gap="sm" wrap="nowrap" align="center">
        <Input
          id={id}
          style={{ flex: 1 }}
          inputMode="numeric"
          autoComplete="off"
          placeholder="请输入数量"
          rightSection={
            <Text size="sm" c="dimmed">
              {COUNT_UNITS[kind]}
            </Text>
          }
          error={Boolean(fieldError) || ruleBroken}
          value={form.values[key]}
          onChange={(e) => {
            const value = cleanCountInput(e.currentTarget.value);
            form.setFieldValue(key, value);
            if (ruleBroken && value) form.clearFieldError(countKey('annually'));
          }}
        />
        {left !== null && (
          <Text size="sm" c="dimmed" w={132} style={{ flexShrink: 0 }} data-left={kind}>
            可分配 {formatGrouped(left)} {COUNT_UNITS[kind]}
          </Text>
        )}
      </Group>
    </Input.Wrapper>
  );
}

/**
 * 分配余额 (to an account) or 设置默认值 (what allocations are prefilled with): the four counts,
 * at least one of them, checked with the server's schema. Whether the administrator holds enough
 * is the server's to say (packages not yet in effect count too); its refusal shows in the dialog.
 */
export function AllocationDialog({ target, summary, onClose }: AllocationDialogProps) {
  const current: AllocationTarget = target ?? { mode: 'defaults' };
  const allocating = current.mode === 'allocate';
  const [failure, setFailure] = useState<string | null>(null);
  const allocate = useAllocate();
  const saveDefaults = useSaveDefaults();

  useEffect(() => setFailure(null), [target]);

  const submit = async (request: unknown) => {
    setFailure(null);
    try {
      if (allocating) await allocate.mutateAsync(userBalanceAllocateSchema.parse(request));
      else await saveDefaults.mutateAsync(userBalanceDefaultSchema.parse(request));
    } catch (error) {
      setFailure(failureMessage(error, allocating ? '余额分配失败！' : '设置失败！'));
      return false;
    }
    notifications.show({ color: 'green', message: allocating ? BalanceMsg.balanceAllocated : BalanceMsg.defaultsSaved });
  };

  return (
    <FormDialog<CountValues, typeof userBalanceAllocateSchema | typeof userBalanceDefaultSchema>
      opened={target !== null}
      title={allocating ? '分配余额' : '设置默认值'}
      size={560}
      schema={allocating ? userBalanceAllocateSchema : userBalanceDefaultSchema}
      initialValues={initialCounts(summary)}
      toInput={(values) => allocationInput(current, summary, values)}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="确定"
      failure={failure}
    >
      {(form) => (
        <Stack gap="md">
          {current.mode === 'allocate' ? (
            <InfoGrid
              cols={2}
              labelWidth={64}
              items={[
                { label: '账号', value: current.row.loginUser },
                { label: '姓名', value: current.row.userName },
                { label: '所属机构', value: current.row.organizationName },
                { label: '账号类型', value: USER_TYPE_LABELS[current.row.userType as UserType] ?? '' },
              ]}
            />
          ) : (
            <Text size="sm" c="dimmed">
              分配余额时，各项次数或份数按这里的默认值预填，可在分配时修改。
            </Text>
          )}
          {ALLOCATION_KINDS.map((kind) => (
            <CountField key={kind} form={form} kind={kind} left={allocating && summary ? allocatable(summary, kind) : null} />
          ))}
          {allocating && summary && (
            <Text size="xs" c="dimmed">
              可分配的包年城市：{summary.buyScope || '无'}
            </Text>
          )}
        </Stack>
      )}
    </FormDialog>
  );
}
