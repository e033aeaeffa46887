import { ActionIcon, Button, Group, Input, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { fileSizeText } from '@valuation/domain';
import { useRef, useState, type ReactNode } from 'react';

export interface FileDropzoneProps {
  label: ReactNode;
  /** Limits shown under the label (types, size, count). */
  description?: ReactNode;
  required?: boolean;
  /** File name extensions the picker offers, without the dot (the server's list). */
  extensions: readonly string[];
  multiple?: boolean;
  files: readonly File[];
  onChange: (files: File[]) => void;
  /**
   * The rule the server applies to the files (type, size, count), run on the files as they would
   * be after a pick: its message refuses the pick, null accepts it.
   */
  check: (files: readonly File[]) => string | null | Promise<string | null>;
  /** A message from the form (a required file missing). */
  error?: string;
  disabled?: boolean;
}

/**
 * Files dropped on the area or chosen with 选择文件, checked on the client with the server's
 * rules (which may read the files' first bytes) before anything is sent; the chosen files are listed with their sizes and can be removed.
 */
export function FileDropzone({
  label,
  description,
  required,
  extensions,
  multiple = false,
  files,
  onChange,
  check,
  error,
  disabled,
}: FileDropzoneProps) {
  const open = useRef<() => void>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const accept = extensions.map((e) => `.${e}`).join(',');

  const take = async (picked: File[]) => {
    if (picked.length === 0) return;
    const next = multiple ? [...files, ...picked] : picked.slice(0, 1);
    const refused = await check(next);
    setProblem(refused);
    if (!refused) onChange(next);
  };
  const shownError = problem ?? error;

  return (
    <Input.Wrapper label={label} description={description} withAsterisk={required} error={shownError}>
      <Stack gap={6} mt={4}>
        <Dropzone
          openRef={open}
          onDrop={(picked) => void take(picked)}
          onReject={(rejected) => void take(rejected.map((r) => r.file))}
          multiple={multiple}
          activateOnClick={false}
          useFsAccessApi={false}
          disabled={disabled}
          inputProps={{ accept }}
          p="sm"
          style={{ borderColor: shownError ? 'var(--mantine-color-red-6)' : undefined }}
        >
          <Group justify="center" gap="sm" mih={48} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={22} stroke={1.5} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={22} stroke={1.5} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFile size={22} stroke={1.5} color="var(--mantine-color-dimmed)" />
            </Dropzone.Idle>
            <Text size="sm" c="dimmed">
              将文件拖到此处，或
            </Text>
            <Button size="xs" variant="light" style={{ pointerEvents: 'all' }} disabled={disabled} onClick={() => open.current?.()}>
              选择文件
            </Button>
          </Group>
        </Dropzone>
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
              onClick={() => {
                setProblem(null);
                onChange(files.filter((_, j) => j !== i));
              }}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Input.Wrapper>
  );
}
