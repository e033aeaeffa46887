import { Box, Image, Skeleton, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhotoPlus } from '@tabler/icons-react';
import type { MutableRefObject } from 'react';

export interface ImageDropzoneProps {
  /** What the image is, for the picker's accessible name (上传… / 更换…). */
  name: string;
  /** The image shown: the picked file's object URL or the stored image's. */
  url: string | null;
  loading?: boolean;
  /** What the file dialog offers (the server's types, as an accept list). */
  accept: string;
  height?: number;
  disabled?: boolean;
  /** Opens the file dialog from a button elsewhere (更换). */
  openRef?: MutableRefObject<(() => void) | null>;
  /** The dropped or chosen file; the parent checks it with the server's rules before keeping it. */
  onPick: (file: File) => void;
}

/** One image: a thumbnail that takes a dropped file or opens the file dialog when clicked. */
export function ImageDropzone({ name, url, loading, accept, height = 112, disabled, openRef, onPick }: ImageDropzoneProps) {
  const take = (files: File[]) => {
    if (files[0]) onPick(files[0]);
  };
  return (
    <Dropzone
      openRef={openRef}
      onDrop={take}
      onReject={(rejected) => take(rejected.map((r) => r.file))}
      multiple={false}
      useFsAccessApi={false}
      disabled={disabled}
      inputProps={{ accept }}
      p={0}
      radius="sm"
      role="button"
      aria-label={`${url ? '更换' : '上传'}${name}`}
      style={{ overflow: 'hidden' }}
    >
      {loading ? (
        <Skeleton h={height} />
      ) : url ? (
        <Box h={height} bg="gray.0" style={{ pointerEvents: 'none' }}>
          <Image src={url} alt={name} h={height} fit="contain" />
        </Box>
      ) : (
        <Stack h={height} gap={4} align="center" justify="center" style={{ pointerEvents: 'none' }}>
          <IconPhotoPlus size={24} stroke={1.5} color="var(--mantine-color-gray-5)" />
          <Text size="xs" c="dimmed">
            点击或拖入图片
          </Text>
        </Stack>
      )}
    </Dropzone>
  );
}
