import { Box, Paper, Skeleton, Stack } from '@mantine/core';
import { forwardRef, useCallback, useImperativeHandle, useRef, useState } from 'react';

export interface ReportFrameHandle {
  print(): void;
}

/** A4 width at 96 dpi: the page the report is laid out for. */
const PAGE_WIDTH = 794;
/** The report's own screen layout puts the page on a grey desk with a margin around it. */
const DESK = '#e9edf2';
const FRAME_WIDTH = PAGE_WIDTH + 48;

/**
 * A report page shown as it prints: the server's HTML (no scripts, images inlined) in a sandboxed
 * frame that grows to its content; print() prints just the report.
 */
export const ReportFrame = forwardRef<ReportFrameHandle, { html: string | undefined; title: string }>(function ReportFrame(
  { html, title },
  ref,
) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(1123);

  useImperativeHandle(ref, () => ({ print: () => frame.current?.contentWindow?.print() }), []);

  const fit = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (doc) setHeight(Math.max(doc.documentElement.scrollHeight, doc.body?.scrollHeight ?? 0));
  }, []);

  return (
    <Paper withBorder shadow="sm" radius="sm" p={0} bg={DESK} style={{ overflowX: 'auto' }}>
      <Box style={{ display: 'flex', justifyContent: 'center' }}>
        {html === undefined ? (
          <Stack w={PAGE_WIDTH} gap="md" p="xl" my={24} bg="white">
            <Skeleton height={36} width="50%" mx="auto" />
            <Skeleton height={18} width="30%" mx="auto" />
            <Skeleton height={240} />
            <Skeleton height={160} />
          </Stack>
        ) : (
          <iframe
            ref={frame}
            title={title}
            srcDoc={html}
            sandbox="allow-same-origin allow-modals"
            onLoad={fit}
            style={{ width: FRAME_WIDTH, height, border: 0, display: 'block' }}
          />
        )}
      </Box>
    </Paper>
  );
});
