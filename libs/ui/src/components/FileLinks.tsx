import { Anchor, Group, Stack, Text } from '@mantine/core';
import { fileSizeText } from '@valuation/domain';
import type { ReactNode } from 'react';

export interface FileLinkItem {
  key: string | number;
  name: string;
  size: number;
}

export interface FileLinksProps<F extends FileLinkItem> {
  files: readonly F[];
  /** Downloads one file; a failure is reported by the API client. */
  onOpen: (file: F) => Promise<unknown>;
  /** Shown when there is no file. */
  emptyText: string;
  /** Below the list (actions on all the files). */
  footer?: ReactNode;
}

/** Downloadable files, each a link with its size. */
export function FileLinks<F extends FileLinkItem>({ files, onOpen, emptyText, footer }: FileLinksProps<F>) {
  if (files.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {files.map((f) => (
        <Group key={f.key} justify="space-between" wrap="nowrap">
          <Anchor component="button" type="button" size="sm" ta="left" onClick={() => void onOpen(f).catch(() => undefined)}>
            {f.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {fileSizeText(f.size)}
          </Text>
        </Group>
      ))}
      {footer}
    </Stack>
  );
}
