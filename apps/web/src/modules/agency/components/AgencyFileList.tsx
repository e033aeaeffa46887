import { Button, Group } from '@mantine/core';
import type { AgencyFileLink } from '@valuation/contracts';
import { FileLinks } from '@valuation/ui';
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
  const all = async () => {
    setDownloading(true);
    try {
      await downloadAgencyFiles(side, detailID, files);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <FileLinks
      files={files.map((f) => ({ ...f, key: `${f.kind}-${f.index}` }))}
      onOpen={(f) => downloadAgencyFile(side, detailID, f)}
      emptyText={emptyText}
      footer={
        files.length > 1 && (
          <Group justify="flex-end">
            <Button size="xs" variant="light" loading={downloading} onClick={() => void all()}>
              全部下载
            </Button>
          </Group>
        )
      }
    />
  );
}
