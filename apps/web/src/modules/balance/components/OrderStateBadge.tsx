import { Badge } from '@mantine/core';
import { ORDER_STATE_LABELS, OrderState } from '@valuation/domain';

const COLORS: Readonly<Record<OrderState, string>> = {
  [OrderState.pending]: 'blue',
  [OrderState.effective]: 'green',
  [OrderState.expired]: 'gray',
};

/** 待生效, 已生效 or 已过期, coloured. */
export function OrderStateBadge({ state }: { state: number }) {
  const known = state in ORDER_STATE_LABELS ? (state as OrderState) : null;
  if (known === null) return <>--</>;
  return (
    <Badge variant="light" color={COLORS[known]} style={{ flexShrink: 0, overflow: 'visible' }}>
      {ORDER_STATE_LABELS[known]}
    </Badge>
  );
}
