import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReportType } from '@valuation/contracts';
import { FORMAL_REPORT_NAMES } from '@valuation/domain';
import { LoadError } from '@valuation/ui';
import { useRef } from 'react';
import { useSampleHtml } from '../api/reports-api';
import { ReportFrame, type ReportFrameHandle } from '../components/ReportFrame';

function ReportSamplePage({ type }: { type: ReportType }) {
  const sample = useSampleHtml(type);
  const frame = useRef<ReportFrameHandle>(null);
  const name = FORMAL_REPORT_NAMES[type];
  return (
    <Stack gap="md" maw={1100}>
      <Paper withBorder p="md" shadow="xs">
        <Group justify="space-between">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={3}>{name}样例</Title>
              <Badge variant="light" color="gray">
                示例数据
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              以下为{name}的版式与内容示例，数据均为虚构；实际报告按估价结果与本机构的报告配置生成。
            </Text>
          </Stack>
          <Button variant="light" onClick={() => frame.current?.print()} disabled={!sample.data}>
            打印
          </Button>
        </Group>
      </Paper>
      {sample.isError ? (
        <LoadError message={`${name}样例加载失败`} onRetry={() => void sample.refetch()} />
      ) : (
        <ReportFrame ref={frame} html={sample.data} title={`${name}样例`} />
      )}
    </Stack>
  );
}

/** Route InquiryReportSample. */
export function InquiryReportSamplePage() {
  return <ReportSamplePage type={1} />;
}

/** Route AdvisoryReportSample. */
export function AdvisoryReportSamplePage() {
  return <ReportSamplePage type={2} />;
}
