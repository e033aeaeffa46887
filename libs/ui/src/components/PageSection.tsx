import { Group, Paper, Title, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageSectionProps extends Omit<PaperProps, 'title'> {
  title?: ReactNode;
  /** Controls shown on the right of the title line. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A titled white card; pages are a column of these. */
export function PageSection({ title, actions, children, ...paper }: PageSectionProps) {
  return (
    <Paper withBorder p="lg" shadow="xs" {...paper}>
      {(title || actions) && (
        <Group justify="space-between" align="center" mb="md" wrap="nowrap">
          {title ? (
            <Title order={4} fw={600}>
              {title}
            </Title>
          ) : (
            <span />
          )}
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
      )}
      {children}
    </Paper>
  );
}
