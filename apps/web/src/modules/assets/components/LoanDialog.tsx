import { Button, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AssetRow } from '@valuation/contracts';
import { assetLoanSchema, businessToday, LoanMsg, YUAN_PER_WAN, type AssetLoanInput } from '@valuation/domain';
import { askConfirm, FormDialog } from '@valuation/ui';
import { useState } from 'react';
import { failureMessage } from '../../../app/api/api-error';
import { DateField } from '../../../app/forms/DateField';
import { useClearLoan, useSetLoan } from '../api/assets-api';
import { WanAmountInput } from '../../../app/forms/WanAmountInput';

interface LoanValues {
  id: number;
  loanNo: string;
  loanAmount: number | string;
  loanDate: string;
  originValue: number | string;
  [key: string]: unknown;
}

const wan = (yuan: number | null) => (yuan === null ? '' : Math.round((yuan / YUAN_PER_WAN) * 100) / 100);

const valuesOf = (asset: AssetRow | null): LoanValues => ({
  id: asset?.id ?? 0,
  loanNo: asset?.loanNo ?? '',
  loanAmount: wan(asset?.loanAmount ?? null),
  loanDate: asset?.loanDate ?? '',
  // A new loan starts from the asset's latest sale value.
  originValue: wan(asset?.loanOriginValue ?? (asset?.evalType === 1 ? asset.totalPrice : null)),
});

/** The loan an asset secures: number, amount outstanding and value at origination in 万元, origination date. */
export function LoanDialog({ asset, onClose }: { asset: AssetRow | null; onClose: () => void }) {
  const save = useSetLoan();
  const clear = useClearLoan();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (_checked: AssetLoanInput, values: LoanValues) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
    } catch (error) {
      setFailure(failureMessage(error));
      return false;
    }
    notifications.show({ color: 'green', message: LoanMsg.saved });
  };

  const remove = async () => {
    if (!asset) return;
    const sure = await askConfirm({
      title: '清除贷款信息',
      message: `确定清除资产的贷款「${asset.loanNo}」吗？`,
      confirmLabel: '清除',
      danger: true,
    });
    if (!sure) return;
    clear.mutate(asset.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: LoanMsg.cleared });
        onClose();
      },
    });
  };

  return (
    <FormDialog<LoanValues, typeof assetLoanSchema>
      opened={asset !== null}
      title="贷款信息"
      schema={assetLoanSchema}
      initialValues={valuesOf(asset)}
      onSubmit={submit}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
      submitLabel="保存"
      cancelLabel="取消"
      failure={failure}
      size={540}
    >
      {(form) => (
        <>
          {asset && (
            <Text size="sm" c="dimmed">
              {asset.evalCode} · {asset.ha ?? asset.location ?? asset.cardAddress ?? asset.city}
            </Text>
          )}
          <TextInput label="贷款编号" withAsterisk maxLength={40} data-autofocus {...form.getInputProps('loanNo')} />
          <SimpleGrid cols={2} spacing="sm">
            <WanAmountInput label="贷款余额" withAsterisk {...form.getInputProps('loanAmount')} />
            <WanAmountInput label="放款时估值" withAsterisk {...form.getInputProps('originValue')} />
          </SimpleGrid>
          <DateField
            label="放款日期"
            required
            max={businessToday()}
            value={String(form.getValues().loanDate ?? '')}
            error={form.errors.loanDate}
            onChange={(v) => form.setFieldValue('loanDate', v)}
          />
          {asset?.loanNo && (
            <Button variant="subtle" color="red" size="compact-sm" w="fit-content" loading={clear.isPending} onClick={() => void remove()}>
              清除贷款信息
            </Button>
          )}
        </>
      )}
    </FormDialog>
  );
}
