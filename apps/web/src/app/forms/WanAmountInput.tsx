import { NumberInput, type NumberInputProps } from '@mantine/core';
import { PRICE_INPUT_DECIMALS } from '@valuation/domain';

/** An amount typed in 万元: not negative, two decimals, thousands grouped. */
export function WanAmountInput(props: NumberInputProps) {
  return <NumberInput suffix=" 万元" min={0} decimalScale={PRICE_INPUT_DECIMALS} thousandSeparator="," {...props} />;
}
