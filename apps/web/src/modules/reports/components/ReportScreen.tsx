import { Badge, Button, Group, Paper, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ReportInfo } from '@valuation/contracts';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { downloadReportPdf, useReportHtml } from '../api/reports-api';
import { ReportFrame, type ReportFrameHandle } from './ReportFrame';

/**
 * A report on screen: its name, what it is about and its code, the export and print buttons, and
 * the report itself once rendered (a progress panel while the workers render it). `missing` is
 * shown when there is no report yet or rendering failed.
 */
export function ReportScreen({
  name,
  subtitle,
  report,
  loading,
  missing,
  back,
}: {
  name: string;
  subtitle: string | null;
  report: ReportInfo | null;
  loading: boolean;
  missing: ReactNode;
  back: ReactNode;
}) {
  const html = useReportHtml(report?.state === 2 ? report.reportCode : null);
  const frame = useRef<ReportFrameHandle>(null);

  let body;
  if (loading) {
    body = <ReportFrame html={undefined} title={name} />;
  } else if (!report || report.state === 3) {
    body = missing;
  } else if (report.state === 1) {
    body = (
      <Paper withBorder p="xl" shadow="xs">
        <Stack gap="sm" maw={560} mx="auto" py="xl" align="stretch">
          <Text fw={600} ta="center">
            {name}生成中，请稍候…
          </Text>
          <Progress value={100} animated striped size="lg" />
          <Text size="sm" c="dimmed" ta="center">
            报告编号 {report.reportCode}，生成完成后将自动显示
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    body = <ReportFrame ref={frame} html={html.data} title={name} />;
  }

  return (
    <Stack gap="md" maw={1100}>
      <Paper withBorder p="md" shadow="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="sm">
              <Title order={3}>{name}</Title>
              {report?.state === 2 && (
                <Badge color="green" variant="light">
                  已生成
                </Badge>
              )}
              {report?.state === 1 && (
                <Badge color="blue" variant="light">
                  生成中
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {subtitle ?? '\u00a0'}
            </Text>
            {report?.state === 2 && (
              <Tooltip label="PDF 文件的 SHA-256，可在验真页面核对" withArrow>
                <Text size="xs" c="dimmed" ff="monospace" truncate>
                  报告编号 {report.reportCode}　生成时间 {report.finishTime}　SHA-256 {report.sha256}
                </Text>
              </Tooltip>
            )}
          </Stack>
          <Group gap="sm" wrap="nowrap">
            {report?.state === 2 && (
              <>
                <Button onClick={() => void downloadReportPdf(report.reportCode).catch(() => undefined)}>导出PDF</Button>
                <Button variant="light" onClick={() => frame.current?.print()} disabled={!html.data}>
                  打印
                </Button>
              </>
            )}
            {back}
          </Group>
        </Group>
      </Paper>
      {body}
    </Stack>
  );
}
