import { Button, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';

/** Why export is unavailable on an empty list (the spec's word for an empty export). */
export const EXPORT_EMPTY_HINT = '暂无数据';

export interface ExportButtonProps {
  /** Rows matching the filters; undefined while unknown. */
  total: number | undefined;
  /** Downloads the file; a failure has already been shown by the download. */
  onExport: () => Promise<unknown>;
  label?: string;
}

/** 导出: disabled, with a tooltip saying why, while the list is empty or still loading; busy while the file downloads. */
export function ExportButton({ total, onExport, label = '导出' }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const empty = !total;
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch {
      /* the download shows its own message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip label={EXPORT_EMPTY_HINT} disabled={!empty} withArrow>
      {/* A disabled button gets no pointer events; the wrapper keeps the tooltip. */}
      <span style={{ display: 'inline-block' }} data-export-wrapper>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={busy}
          disabled={empty}
          aria-description={empty ? EXPORT_EMPTY_HINT : undefined}
          onClick={() => void run()}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}
