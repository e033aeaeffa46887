import { Checkbox, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DriftRuleView } from '@valuation/contracts';
import { driftRuleSchema, RevalMsg, type DriftRule } from '@valuation/domain';
import { FormDialog } from '@valuation/ui';
import { useState } from 'react';
import { failureMessage } from '../../../app/api/api-error';
import { useSaveDriftRule } from '../api/collateral-api';

type RuleValues = { [K in keyof DriftRule]: DriftRule[K] extends boolean ? boolean : number | string };

const valuesOf = (rule: DriftRuleView | undefined): RuleValues => ({
  originDropPct: rule?.originDropPct ?? '',
  lastDropPct: rule?.lastDropPct ?? '',
  maxLtvPct: rule?.maxLtvPct ?? '',
  alertClassC: rule?.alertClassC ?? true,
  scheduleMonths: rule?.scheduleMonths ?? '',
  scheduleEnabled: rule?.scheduleEnabled ?? true,
});

/** The company's drift rule and revaluation schedule. */
export function DriftRuleDialog({ rule, opened, onClose }: { rule: DriftRuleView | undefined; opened: boolean; onClose: () => void }) {
  const save = useSaveDriftRule();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (checked: DriftRule) => {
    setFailure(null);
    try {
      await save.mutateAsync(checked);
    } catch (error) {
      setFailure(failureMessage(error));
      return false;
    }
    notifications.show({ color: 'green', message: RevalMsg.ruleSaved });
  };

  return (
    <FormDialog<RuleValues, typeof driftRuleSchema>
      opened={opened}
      title="预警规则"
      schema={driftRuleSchema}
      initialValues={valuesOf(rule)}
      onSubmit={submit}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
      submitLabel="保存"
      cancelLabel="取消"
      failure={failure}
      size={560}
    >
      {(form) => (
        <>
          <Text size="sm" c="dimmed">
            每次重估后，超过以下任一阈值的资产产生一条预警。
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              label="较放款时下跌超过"
              suffix="%"
              min={1}
              max={100}
              allowDecimal={false}
              data-autofocus
              {...form.getInputProps('originDropPct')}
            />
            <NumberInput
              label="较上次重估下跌超过"
              suffix="%"
              min={1}
              max={100}
              allowDecimal={false}
              {...form.getInputProps('lastDropPct')}
            />
            <NumberInput label="抵押率高于" suffix="%" min={1} max={200} allowDecimal={false} {...form.getInputProps('maxLtvPct')} />
            <NumberInput
              label="定期重估周期"
              suffix=" 个月"
              min={1}
              max={12}
              allowDecimal={false}
              {...form.getInputProps('scheduleMonths')}
            />
          </SimpleGrid>
          <Checkbox label="置信度降为C时预警" {...form.getInputProps('alertClassC', { type: 'checkbox' })} />
          <Checkbox label="开启定期重估（按周期自动重估全部资产）" {...form.getInputProps('scheduleEnabled', { type: 'checkbox' })} />
        </>
      )}
    </FormDialog>
  );
}
