import { Box, Grid, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { REPORT_TYPE_LABELS, ReportConfigMsg, type ReportConfigType } from '@valuation/domain';
import { LoadError, PageSection } from '@valuation/ui';
import { useCallback, useState, type ReactNode } from 'react';
import { useBranding } from '../../../app/branding/branding-context';
import { useConfirmLeave } from '../../../app/navigation/use-leave-guard';
import { useReportConfig } from '../api/report-config-api';
import { ReportConfigEditor } from '../components/ReportConfigEditor';
import { useReportType } from '../hooks/use-report-type';

const TYPES: readonly ReportConfigType[] = [1, 2];

function LoadingLayout({ typeSwitch }: { typeSwitch: ReactNode }) {
  return (
    <Grid gutter="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <PageSection title="报告配置" actions={typeSwitch}>
          <Stack gap="md">
            <Skeleton h={14} w={80} />
            <Skeleton h={36} />
            <Skeleton h={14} w={80} />
            <Skeleton h={180} />
            <Skeleton h={36} w={88} />
          </Stack>
        </PageSection>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <PageSection title="报告预览">
          <Skeleton style={{ aspectRatio: '210 / 297' }} />
        </PageSection>
      </Grid.Col>
    </Grid>
  );
}

/** One report type: its configuration once loaded, with the form and the preview. */
function ReportTypePanel({
  reportType,
  issuer,
  typeSwitch,
  onDirtyChange,
}: {
  reportType: ReportConfigType;
  issuer: string;
  typeSwitch: ReactNode;
  onDirtyChange: (type: ReportConfigType, dirty: boolean) => void;
}) {
  const config = useReportConfig(reportType);
  const dirtyChanged = useCallback((dirty: boolean) => onDirtyChange(reportType, dirty), [onDirtyChange, reportType]);
  if (config.isError && !config.data) {
    return (
      <PageSection title="报告配置" actions={typeSwitch}>
        <LoadError message={`${REPORT_TYPE_LABELS[reportType]}配置加载失败`} onRetry={() => void config.refetch()} />
      </PageSection>
    );
  }
  if (!config.data) return <LoadingLayout typeSwitch={typeSwitch} />;
  return <ReportConfigEditor config={config.data} issuer={issuer} typeSwitch={typeSwitch} onDirtyChange={dirtyChanged} />;
}

/**
 * Route ReportConfig (`/channel/ReportConfig`): the inquiry and consulting report templates of the
 * channel. A type once opened stays mounted, so switching back keeps what was not saved yet; leaving
 * the page with edits not saved asks first.
 */
export function ReportConfigPage() {
  const [reportType, setReportType] = useReportType();
  const [opened, setOpened] = useState<ReadonlySet<ReportConfigType>>(() => new Set([reportType]));
  const [dirtyTypes, setDirtyTypes] = useState<ReadonlySet<ReportConfigType>>(() => new Set());
  const dirtyChanged = useCallback(
    (type: ReportConfigType, dirty: boolean) =>
      setDirtyTypes((d) => {
        if (d.has(type) === dirty) return d;
        const next = new Set(d);
        if (dirty) next.add(type);
        else next.delete(type);
        return next;
      }),
    [],
  );
  useConfirmLeave(dirtyTypes.size > 0, ReportConfigMsg.leaveUnsaved);
  const branding = useBranding();
  const issuer = branding.config?.companyName || branding.productName || '估价机构名称';

  const choose = (value: string) => {
    const type: ReportConfigType = value === '2' ? 2 : 1;
    setReportType(type);
    setOpened((o) => new Set(o).add(type));
  };

  const typeSwitch = (
    <SegmentedControl
      value={String(reportType)}
      onChange={choose}
      data={TYPES.map((t) => ({ value: String(t), label: REPORT_TYPE_LABELS[t] }))}
      aria-label="报告类型"
    />
  );

  return (
    <>
      {TYPES.filter((t) => opened.has(t)).map((t) => (
        <Box key={t} display={t === reportType ? undefined : 'none'}>
          <ReportTypePanel reportType={t} issuer={issuer} typeSwitch={typeSwitch} onDirtyChange={dirtyChanged} />
        </Box>
      ))}
    </>
  );
}
