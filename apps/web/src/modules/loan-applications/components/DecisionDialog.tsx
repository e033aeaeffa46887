import { Input, Paper, SegmentedControl, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LoanApplyView } from '@valuation/contracts';
import {
  approvedAmountRefusal,
  formatEvalPrice,
  formatShare,
  LOAN_APPLY_DECISIONS,
  LOAN_APPLY_LIMITS,
  loanApplyDecideSchema,
  LoanApplyMsg,
  loanToValue,
  totalPriceFromInput,
  totalPriceInputValue,
} from '@valuation/domain';
import { FormDialog } from '@valuation/ui';
import { useState } from 'react';
import { failureMessage } from '../../../app/api/api-error';
import { useDecideLoanApplication } from '../api/loan-applications-api';
import { WanAmountInput } from '../../../app/forms/WanAmountInput';

interface DecisionValues extends Record<string, unknown> {
  id: number;
  state: string;
  approvedAmount: number | string;
  loanNo: string;
  opinion: string;
}

const valuesOf = (a: LoanApplyView | null): DecisionValues => ({
  id: a?.id ?? 0,
  state: '1',
  // An approval starts from the amount applied for.
  approvedAmount: totalPriceInputValue(a?.amount, 1),
  loanNo: '',
  opinion: '',
});

/**
 * 审批: approve with the amount granted (not above the one applied for) and, once the loan is
 * booked, its number, which puts the collateral in the asset book carrying the loan; or reject with
 * the opinion.
 */
export function DecisionDialog({ application, onClose }: { application: LoanApplyView | null; onClose: () => void }) {
  const decide = useDecideLoanApplication();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  return (
    <FormDialog<DecisionValues, typeof loanApplyDecideSchema>
      opened={application !== null}
      title="审批贷款申请"
      schema={loanApplyDecideSchema}
      initialValues={valuesOf(application)}
      extraErrors={(v): Record<string, string> => {
        const approved = v.state === '1' ? totalPriceFromInput(v.approvedAmount as number | string, 1) : null;
        const refusal = application && approved !== null ? approvedAmountRefusal(application.amount, approved) : null;
        return refusal ? { approvedAmount: refusal } : {};
      }}
      onSubmit={async (checked, values) => {
        setFailure(null);
        try {
          await decide.mutateAsync(values);
        } catch (error) {
          setFailure(failureMessage(error));
          return false;
        }
        notifications.show({ color: 'green', message: checked.state === 1 ? LoanApplyMsg.approved : LoanApplyMsg.rejected });
      }}
      onClose={close}
      submitLabel="提交"
      cancelLabel="取消"
      failure={failure}
      size={560}
    >
      {(form) => {
        const values = form.getValues();
        const approving = values.state === '1';
        const total = application?.collateral?.totalPrice ?? null;
        return (
          <>
            {application && (
              <Paper withBorder p="xs" radius="sm">
                <Text size="sm">
                  {application.applyNo} · {application.borrower}
                </Text>
                <Text size="xs" c="dimmed">
                  申请金额 {formatEvalPrice(application.amount, 1, 2)} · {application.term}个月 · 押品估值 {formatEvalPrice(total, 1)} ·
                  申请抵押率 {formatShare(application.ltv, 2)}
                </Text>
              </Paper>
            )}
            <Input.Wrapper label="审批结果" withAsterisk>
              <SegmentedControl
                fullWidth
                mt={4}
                data={Object.entries(LOAN_APPLY_DECISIONS).map(([value, label]) => ({ value, label }))}
                {...form.getInputProps('state')}
              />
            </Input.Wrapper>
            {approving && (
              <>
                <WanAmountInput
                  label="批准金额"
                  withAsterisk
                  description={`批准抵押率：${formatShare(loanToValue(totalPriceFromInput(values.approvedAmount, 1), total), 2)}`}
                  {...form.getInputProps('approvedAmount')}
                />
                <TextInput
                  label="贷款编号"
                  maxLength={LOAN_APPLY_LIMITS.loanNo}
                  description="填写后押品将加入资产并登记该笔贷款，放款日期为审批日期"
                  {...form.getInputProps('loanNo')}
                />
              </>
            )}
            <Textarea
              label="审批意见"
              withAsterisk={!approving}
              autosize
              minRows={3}
              maxLength={LOAN_APPLY_LIMITS.opinion}
              {...form.getInputProps('opinion')}
            />
          </>
        );
      }}
    </FormDialog>
  );
}
