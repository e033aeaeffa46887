import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { SITE_IMAGE_ACCEPT, type SiteImageRule } from '@valuation/domain';
import { ImageDropzone } from '@valuation/ui';
import { useRef } from 'react';

export interface SiteImageFieldProps {
  rule: SiteImageRule;
  /** What is shown: the picked file or else the stored image. */
  url: string | null;
  picked: boolean;
  stored: boolean;
  error?: string;
  disabled?: boolean;
  height: number;
  onPick: (file: File) => void;
  onUndo: () => void;
  onDelete: () => void;
}

/** The logo or the login background: thumbnail, upload or replace, undo (picked) or delete (stored). */
export function SiteImageField({ rule, url, picked, stored, error, disabled, height, onPick, onUndo, onDelete }: SiteImageFieldProps) {
  const open = useRef<(() => void) | null>(null);
  return (
    <Stack gap={6}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {rule.name}
          </Text>
          {picked && (
            <Badge size="xs" color="orange" variant="light">
              待保存
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="light" disabled={disabled} onClick={() => open.current?.()}>
            {url ? '更换' : '上传'}
          </Button>
          {picked && (
            <Button size="compact-xs" variant="subtle" color="gray" disabled={disabled} onClick={onUndo}>
              撤销
            </Button>
          )}
          {!picked && stored && (
            <Button size="compact-xs" variant="subtle" color="red" disabled={disabled} onClick={onDelete}>
              删除
            </Button>
          )}
        </Group>
      </Group>
      <ImageDropzone
        name={rule.name}
        url={url}
        accept={SITE_IMAGE_ACCEPT}
        height={height}
        disabled={disabled}
        openRef={open}
        onPick={onPick}
      />
      <Text size="xs" c="dimmed">
        建议尺寸{rule.recommended}；支持png、jpg、jpeg、gif，不超过{rule.maxBytes / 1024 / 1024}M
      </Text>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
