import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { REPORT_IMAGE_ACCEPT, type ReportImageRule } from '@valuation/domain';
import { ImageDropzone } from '@valuation/ui';
import { useRef } from 'react';

export interface ReportImageCardProps {
  rule: ReportImageRule;
  /** What the card shows: the picked file or else the stored image. */
  url: string | null;
  /** A file was picked and is not saved yet. */
  picked: boolean;
  /** The configuration holds this image. */
  stored: boolean;
  loading: boolean;
  error?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
  onUndo: () => void;
  onDelete: () => void;
}

const THUMB_HEIGHT = 112;

/** One image of the report: thumbnail, upload or replace, and undo (picked) or delete (stored). */
export function ReportImageCard({ rule, url, picked, stored, loading, error, disabled, onPick, onUndo, onDelete }: ReportImageCardProps) {
  const limit = `${rule.maxBytes / 1024 / 1024}M`;
  const open = useRef<(() => void) | null>(null);

  return (
    <Paper withBorder radius="md" p="sm" style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
      <Stack gap={8}>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {rule.name}
          </Text>
          {picked ? (
            <Badge size="xs" color="orange" variant="light">
              待保存
            </Badge>
          ) : (
            <Text size="xs" c="dimmed">
              ≤{limit}
            </Text>
          )}
        </Group>
        <ImageDropzone
          name={rule.name}
          url={url}
          loading={loading}
          accept={REPORT_IMAGE_ACCEPT}
          height={THUMB_HEIGHT}
          disabled={disabled}
          openRef={open}
          onPick={onPick}
        />
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button size="compact-xs" variant="light" disabled={disabled} onClick={() => open.current?.()}>
            {url ? '更换' : '上传'}
          </Button>
          {picked && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onUndo} disabled={disabled}>
              撤销
            </Button>
          )}
          {!picked && stored && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={onDelete} disabled={disabled}>
              删除
            </Button>
          )}
        </Group>
        {error && (
          <Text size="xs" c="red" lh={1.4}>
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
