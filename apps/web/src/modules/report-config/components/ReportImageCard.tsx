import { Badge, Box, Button, FileButton, Group, Image, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { REPORT_IMAGE_ACCEPT, type ReportImageRule } from '@valuation/domain';
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
  const thumbReset = useRef<() => void>(null);
  const buttonReset = useRef<() => void>(null);
  /* The inputs are cleared after every pick, so the same file can be picked again after 撤销. */
  const pick = (file: File | null) => {
    thumbReset.current?.();
    buttonReset.current?.();
    if (file) onPick(file);
  };

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
        <FileButton onChange={pick} accept={REPORT_IMAGE_ACCEPT} disabled={disabled} resetRef={thumbReset}>
          {(props) => (
            <UnstyledButton {...props} aria-label={`${url ? '更换' : '上传'}${rule.name}`} style={{ display: 'block', width: '100%' }}>
              {loading ? (
                <Skeleton h={THUMB_HEIGHT} radius="sm" />
              ) : url ? (
                <Box h={THUMB_HEIGHT} bg="gray.0" style={{ borderRadius: 4, overflow: 'hidden' }}>
                  <Image src={url} alt={rule.name} h={THUMB_HEIGHT} fit="contain" />
                </Box>
              ) : (
                <Stack
                  h={THUMB_HEIGHT}
                  gap={2}
                  align="center"
                  justify="center"
                  style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 4, background: 'var(--mantine-color-gray-0)' }}
                >
                  <Text size="xl" c="gray.5" lh={1}>
                    +
                  </Text>
                  <Text size="xs" c="dimmed">
                    点击上传
                  </Text>
                </Stack>
              )}
            </UnstyledButton>
          )}
        </FileButton>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <FileButton onChange={pick} accept={REPORT_IMAGE_ACCEPT} disabled={disabled} resetRef={buttonReset}>
            {(props) => (
              <Button {...props} size="compact-xs" variant="light">
                {url ? '更换' : '上传'}
              </Button>
            )}
          </FileButton>
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
