import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AGENCY_FILE_ACCEPT, AGENCY_LIMITS, fileSizeText, type AgencyFileKind } from '@valuation/domain';
import type { ReactNode } from 'react';
import { addPickedFiles } from '../model/agency-files';

export interface AgencyFilePickerProps {
  kind: AgencyFileKind;
  label: ReactNode;
  hint: ReactNode;
  files: File[];
  onChange: (files: File[]) => void;
  required?: boolean;
  disabled?: boolean;
}

/** Picked attachments with their sizes and a remove button; a pick that breaks the rules is refused with its message. */
export function AgencyFilePicker({ kind, label, hint, files, onChange, required, disabled }: AgencyFilePickerProps) {
  const pick = (picked: File[]) => {
    const result = addPickedFiles(kind, files, picked);
    if (!result.ok) return notifications.show({ color: 'red', message: result.message });
    onChange(result.files);
  };
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
          {required && (
            <Text span c="red" ml={4}>
              *
            </Text>
          )}
        </Text>
        <FileButton onChange={pick} accept={AGENCY_FILE_ACCEPT[kind]} multiple disabled={disabled}>
          {(props) => (
            <Button {...props} variant="light" size="xs" disabled={disabled || files.length >= AGENCY_LIMITS.maxFiles}>
              选择文件
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {files.map((f, i) => (
        <Group key={`${f.name}-${i}`} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate>
            {f.name}
            <Text span c="dimmed" size="xs" ml={6}>
              {fileSizeText(f.size)}
            </Text>
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`移除${f.name}`}
            disabled={disabled}
            onClick={() => onChange(files.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
