import { ActionIcon, Group, NumberInput, Text } from '@mantine/core';
import { restoreEmptyPrice, stepPriceDown, stepPriceUp } from '@valuation/domain';

export interface PriceStepperProps {
  label: string;
  value: number | string;
  onChange: (value: number | string) => void;
  /** The price the field goes back to when left empty, and the one the buttons step from when it is empty. */
  oldPrice: number;
  /** Whether leaving the field empty puts the old price back (true by default); false keeps it empty. */
  restoreOnBlur?: boolean;
  placeholder?: string;
  step: number;
  unit: string;
  error?: string | null;
  /** Called when the field is left, with the value after an empty field was restored. */
  onBlur?: (value: number | string) => void;
}

/** A price with minus and plus buttons: plus adds the step, minus does nothing at or below the step. */
export function PriceStepper({
  label,
  value,
  onChange,
  oldPrice,
  step,
  unit,
  error,
  onBlur,
  restoreOnBlur = true,
  placeholder,
}: PriceStepperProps) {
  const current = typeof value === 'number' ? value : value.trim() === '' ? oldPrice : Number(value) || 0;
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon variant="default" size={36} aria-label="减少" onClick={() => onChange(stepPriceDown(current, step))}>
          −
        </ActionIcon>
        <NumberInput
          aria-label={label}
          value={value}
          onChange={onChange}
          hideControls
          allowNegative={false}
          thousandSeparator=","
          w={180}
          error={error}
          placeholder={placeholder}
          onBlur={() => {
            if (!restoreOnBlur) return onBlur?.(value);
            const restored = restoreEmptyPrice(value, oldPrice);
            if (restored !== value) onChange(restored);
            onBlur?.(restored);
          }}
        />
        <ActionIcon variant="default" size={36} aria-label="增加" onClick={() => onChange(stepPriceUp(current, step))}>
          +
        </ActionIcon>
        <Text size="sm" c="dimmed" lh="36px">
          {unit}
        </Text>
      </Group>
    </div>
  );
}
