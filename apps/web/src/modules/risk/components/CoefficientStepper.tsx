import { ActionIcon, Group, Input, NumberInput, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { clampRiskCoefficient, RISK_COEFFICIENT } from '@valuation/domain';
import { useState, type ReactNode } from 'react';

export interface CoefficientStepperProps {
  label: string;
  value: number | '';
  onChange: (value: number | '') => void;
  error?: ReactNode;
  withAsterisk?: boolean;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The coefficient with minus and plus buttons: steps of 0.05 with two decimals; a value typed or
 * stepped beyond 0..1 is clamped with the spec's message (风险系数最大值为1！ / 风险系数最小值为0！).
 */
export function CoefficientStepper({ label, value, onChange, error, withAsterisk }: CoefficientStepperProps) {
  const [note, setNote] = useState<string | null>(null);

  const settle = (n: number) => {
    const clamped = clampRiskCoefficient(n);
    setNote(clamped.message);
    onChange(clamped.value);
  };
  const step = (direction: 1 | -1) =>
    settle(round((value === '' ? RISK_COEFFICIENT.defaultValue : value) + direction * RISK_COEFFICIENT.step));

  return (
    <Input.Wrapper label={label} withAsterisk={withAsterisk} error={error}>
      <Group gap={6} wrap="nowrap" mt={4}>
        <ActionIcon variant="default" size={36} aria-label="减少风控系数" onClick={() => step(-1)}>
          <IconMinus size={16} />
        </ActionIcon>
        <NumberInput
          aria-label={label}
          w={110}
          hideControls
          decimalScale={RISK_COEFFICIENT.decimals}
          fixedDecimalScale
          allowNegative
          clampBehavior="none"
          error={Boolean(error)}
          value={value}
          onChange={(v) => {
            setNote(null);
            onChange(v === '' ? '' : Number(v));
          }}
          onBlur={() => value !== '' && settle(value)}
        />
        <ActionIcon variant="default" size={36} aria-label="增加风控系数" onClick={() => step(1)}>
          <IconPlus size={16} />
        </ActionIcon>
        <Text size="xs" c="dimmed">
          0–1，步长 {RISK_COEFFICIENT.step}
        </Text>
      </Group>
      {note && (
        <Text size="xs" c="orange.8" mt={4} role="status">
          {note}
        </Text>
      )}
    </Input.Wrapper>
  );
}
