import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { AgencyFileLink } from '@valuation/contracts';
import { fileSizeText } from '@valuation/domain';
import { useState } from 'react';
import { downloadAgencyFile, downloadAgencyFiles } from '../api/agency-api';
import type { AgencySide } from '../model/agency-side';

export interface AgencyFileListProps {
  side: AgencySide;
  detailID: number;
  files: readonly AgencyFileLink[];
  /** Shown when there is no file. */
  emptyText: string;
}

/** The files of an application, each downloadable, and all of them one per second. */
export function AgencyFileList({ side, detailID, files, emptyText }: AgencyFileListProps) {
  const [downloading, setDownloading] = useState(false);
  if (files.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }
  const all = async () => {
    setDownloading(true);
    try {
      await downloadAgencyFiles(side, detailID, files);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap={6}>
      {files.map((f) => (
        <Group key={`${f.kind}-${f.index}`} justify="space-between" wrap="nowrap">
          <Anchor component="button" type="button" size="sm" ta="left" onClick={() => void downloadAgencyFile(side, detailID, f).catch(() => undefined)}>
            {f.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {fileSizeText(f.size)}
          </Text>
        </Group>
      ))}
      {files.length > 1 && (
        <Group justify="flex-end">
          <Button size="xs" variant="light" loading={downloading} onClick={() => void all()}>
            全部下载
          </Button>
        </Group>
      )}
    </Stack>
  );
}
