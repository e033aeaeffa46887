import { NumberInput, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LoanApplyCollateral, LoanApplyView } from '@valuation/contracts';
import {
  formatAreaText,
  formatEvalPrice,
  formatShare,
  formatUnitPrice,
  LOAN_APPLY_LIMITS,
  loanApplySchema,
  LoanApplyMsg,
  loanToValue,
  totalPriceFromInput,
  totalPriceInputValue,
} from '@valuation/domain';
import { FormDialog } from '@valuation/ui';
import { useState } from 'react';
import { failureMessage } from '../../../app/api/api-error';
import { useSaveLoanApplication } from '../api/loan-applications-api';
import { CollateralSelect } from './CollateralSelect';
import { WanAmountInput } from '../../../app/forms/WanAmountInput';

interface ApplyValues extends Record<string, unknown> {
  applyNo: string;
  borrower: string;
  borrowerPhone: string;
  amount: number | string;
  term: number | string;
  purpose: string;
  evalCode: string;
}

const valuesOf = (a: LoanApplyView | null): ApplyValues => ({
  applyNo: a?.applyNo ?? '',
  borrower: a?.borrower ?? '',
  borrowerPhone: a?.borrowerPhone ?? '',
  amount: totalPriceInputValue(a?.amount, 1),
  term: a?.term ?? '',
  purpose: a?.purpose ?? '',
  evalCode: a?.evalCode ?? '',
});

/** The chosen collateral's valuation and the loan-to-value of the amount typed. */
function CollateralSummary({ collateral, amount }: { collateral: LoanApplyCollateral; amount: number | string }) {
  const ltv = loanToValue(totalPriceFromInput(amount, 1), collateral.totalPrice);
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text size="sm">{collateral.cardAddress ?? collateral.location ?? collateral.cityName}</Text>
      <Text size="xs" c="dimmed">
        {collateral.evalCode} · {formatAreaText(collateral.bldgArea)} · 估值 {formatEvalPrice(collateral.totalPrice, 1)} ·{' '}
        {formatUnitPrice(collateral.unitPrice, 1)} · 置信度 {collateral.confidenceClass ?? '--'} · {collateral.evalDate}
      </Text>
      <Text size="xs" mt={4}>
        申请抵押率：{formatShare(ltv, 2)}
      </Text>
    </Paper>
  );
}

export interface LoanApplicationDialogProps {
  opened: boolean;
  /** The application edited; null to file a new one. */
  application: LoanApplyView | null;
  onClose: () => void;
}

/** 新增/编辑贷款申请: the borrower, the amount in 万元, the term and the collateral picked among the company's valuations. */
export function LoanApplicationDialog({ opened, application, onClose }: LoanApplicationDialogProps) {
  const save = useSaveLoanApplication();
  const [failure, setFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState<LoanApplyCollateral | null>(null);
  const editing = application !== null;
  const collateral = chosen ?? application?.collateral ?? null;

  const close = () => {
    setFailure(null);
    setChosen(null);
    onClose();
  };

  return (
    <FormDialog<ApplyValues, typeof loanApplySchema>
      opened={opened}
      title={editing ? '编辑贷款申请' : '新增贷款申请'}
      schema={loanApplySchema}
      initialValues={valuesOf(application)}
      onSubmit={async (_checked, values) => {
        setFailure(null);
        try {
          await save.mutateAsync({ ...values, id: application?.id });
        } catch (error) {
          setFailure(failureMessage(error));
          return false;
        }
        setChosen(null);
        notifications.show({ color: 'green', message: editing ? LoanApplyMsg.edited : LoanApplyMsg.added });
      }}
      onClose={close}
      submitLabel="保存"
      cancelLabel="取消"
      failure={failure}
      size={620}
    >
      {(form) => {
        const values = form.getValues();
        const shown = collateral && collateral.evalCode === values.evalCode ? collateral : null;
        return (
          <>
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label="申请编号"
                withAsterisk
                data-autofocus
                maxLength={LOAN_APPLY_LIMITS.applyNo}
                placeholder="字母、数字或-"
                {...form.getInputProps('applyNo')}
              />
              <TextInput label="借款人" withAsterisk maxLength={LOAN_APPLY_LIMITS.borrower} {...form.getInputProps('borrower')} />
              <TextInput label="联系电话" maxLength={LOAN_APPLY_LIMITS.phone} {...form.getInputProps('borrowerPhone')} />
              <TextInput label="贷款用途" maxLength={LOAN_APPLY_LIMITS.purpose} {...form.getInputProps('purpose')} />
              <WanAmountInput label="申请金额" withAsterisk {...form.getInputProps('amount')} />
              <NumberInput
                label="期限"
                withAsterisk
                suffix=" 个月"
                min={1}
                max={LOAN_APPLY_LIMITS.termMax}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('term')}
              />
            </SimpleGrid>
            <CollateralSelect
              value={values.evalCode}
              current={application?.collateral ?? null}
              enabled={opened}
              error={form.errors.evalCode as string | undefined}
              onChange={(code, picked) => {
                setChosen(picked);
                form.setFieldValue('evalCode', code);
              }}
            />
            {shown && <CollateralSummary collateral={shown} amount={values.amount} />}
          </>
        );
      }}
    </FormDialog>
  );
}
