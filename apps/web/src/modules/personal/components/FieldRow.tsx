import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FieldRowProps {
  label: ReactNode;
  /** Id of the input the label names, for editable rows. */
  htmlFor?: string;
  children: ReactNode;
  labelWidth?: number;
}

/** A label on the left and its value or input on the right. */
export function FieldRow({ label, htmlFor, children, labelWidth = 110 }: FieldRowProps) {
  return (
    <Group gap="lg" wrap="nowrap" align="flex-start" mih={36}>
      <Text
        component={htmlFor ? 'label' : 'div'}
        htmlFor={htmlFor}
        size="sm"
        c="dimmed"
        w={labelWidth}
        ta="right"
        pt={8}
        style={{ flexShrink: 0 }}
      >
        {label}
      </Text>
      <Box fz="sm" pt={htmlFor ? 0 : 8} style={{ flex: 1, minWidth: 0 }}>
        {children}
      </Box>
    </Group>
  );
}
