import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LICENCE_IMAGE_ACCEPT } from '@valuation/domain';
import { ImageDropzone } from '@valuation/ui';
import { useEffect, useRef, useState } from 'react';
import { licenceQuery } from '../api/customer-company-api';

export interface LicenceFieldProps {
  /** The company whose stored licence is shown (edit), or null (add). */
  stored: { companyId: number; name: string } | null;
  picked: File | null;
  error: string | null;
  /** Whether the stored licence may be deleted (permission 79). */
  canDelete: boolean;
  disabled?: boolean;
  onPick: (file: File) => void;
  onUndo: () => void;
  onDeleteStored: () => void;
}

/** An object URL of a blob, revoked when the blob changes or the field goes away. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const created = blob ? URL.createObjectURL(blob) : null;
    setUrl(created);
    return () => {
      if (created) URL.revokeObjectURL(created);
    };
  }, [blob]);
  return url;
}

/** 营业执照副本: the picked image or else the stored one, with replace, undo and delete. */
export function LicenceField({ stored, picked, error, canDelete, disabled, onPick, onUndo, onDeleteStored }: LicenceFieldProps) {
  const open = useRef<(() => void) | null>(null);
  const storedImage = useQuery({ ...licenceQuery(stored?.companyId ?? 0, stored?.name ?? ''), enabled: stored !== null && !picked });
  const url = useObjectUrl(picked ?? (stored ? storedImage.data : null));

  return (
    <Input.Wrapper label="营业执照副本" description="png、jpg、jpeg 或 gif，不超过10M" error={error}>
      <Stack gap={6} mt={6} maw={260}>
        <ImageDropzone
          name="营业执照副本"
          url={url}
          loading={stored !== null && !picked && storedImage.isLoading}
          accept={LICENCE_IMAGE_ACCEPT}
          height={150}
          disabled={disabled}
          openRef={open}
          onPick={onPick}
        />
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="light" disabled={disabled} onClick={() => open.current?.()}>
            {url ? '更换' : '上传'}
          </Button>
          {picked && (
            <Button size="compact-xs" variant="subtle" color="gray" disabled={disabled} onClick={onUndo}>
              撤销
            </Button>
          )}
          {!picked && stored && canDelete && (
            <Button size="compact-xs" variant="subtle" color="red" disabled={disabled} onClick={onDeleteStored}>
              删除
            </Button>
          )}
          {(picked?.name ?? stored?.name) && (
            <Text size="xs" c="dimmed" truncate>
              {picked?.name ?? stored?.name}
            </Text>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
