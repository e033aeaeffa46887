import { Badge } from '@mantine/core';

/** A count beside a sidebar entry; nothing when it is zero. */
export function CountBadge({ count, label, color = 'red' }: { count: number; label: string; color?: string }) {
  if (count <= 0) return null;
  return (
    <Badge size="sm" color={color} circle={count < 10} aria-label={`${count}${label}`}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
