import { Alert, Box, Button, Grid, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueries } from '@tanstack/react-query';
import type { ReportConfig } from '@valuation/contracts';
import {
  REPORT_IMAGE_KINDS,
  REPORT_IMAGE_RULES,
  REPORT_NAME_MAX,
  REPORT_SIGN_MAX,
  REPORT_STATEMENT_MAX,
  REPORT_TYPE_LABELS,
  reportConfigTextSchema,
  ReportConfigMsg,
  reportImageDeleteConfirm,
  validate,
  type ReportImageKind,
} from '@valuation/domain';
import { PageSection } from '@valuation/ui';
import { useEffect, useMemo, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { schemaValidator } from '../../../app/forms/schema-validator';
import { reportImageQuery, useDeleteReportImage, useSaveReportConfig } from '../api/report-config-api';
import { useObjectUrls } from '../hooks/use-object-urls';
import { formValuesOf, pickedImageError, type PickedImages, type ReportConfigFormValues } from '../model/report-config-form';
import { CharCount } from './CharCount';
import { ReportImageCard } from './ReportImageCard';
import { PREVIEW_PAGE_LABELS, ReportPreview, type PreviewPage } from './ReportPreview';

export interface ReportConfigEditorProps {
  config: ReportConfig;
  issuer: string;
  /** The report type switch, shown in the form's title line. */
  typeSwitch: ReactNode;
  /** Told whenever the form starts or stops holding edits not saved yet. */
  onDirtyChange?: (dirty: boolean) => void;
}

type ImageErrors = Partial<Record<ReportImageKind, string>>;

/** The preview page an image prints on. */
const pageOfImage = (kind: ReportImageKind): PreviewPage => (kind === 1 || kind === 2 ? 'appendix' : 'statement');

function without<T>(record: Partial<Record<ReportImageKind, T>>, kind: ReportImageKind): Partial<Record<ReportImageKind, T>> {
  const next = { ...record };
  delete next[kind];
  return next;
}

/** The form of one report type beside a live preview of the report it configures. */
export function ReportConfigEditor({ config, issuer, typeSwitch, onDirtyChange }: ReportConfigEditorProps) {
  const { reportType } = config;
  const consulting = reportType === 2;
  const label = REPORT_TYPE_LABELS[reportType];
  const save = useSaveReportConfig();
  const remove = useDeleteReportImage();
  const form = useForm<ReportConfigFormValues>({
    initialValues: formValuesOf(config),
    validate: schemaValidator(reportConfigTextSchema),
  });
  const [picked, setPicked] = useState<PickedImages>({});
  const [imageErrors, setImageErrors] = useState<ImageErrors>({});
  const [confirming, setConfirming] = useState<ReportImageKind | null>(null);
  const [previewPage, setPreviewPage] = useState<PreviewPage>('cover');
  const previewPages: PreviewPage[] = consulting ? ['cover', 'statement', 'appendix'] : ['cover', 'statement'];

  /** The input props of a text field that also turn the preview to the page the field prints on. */
  const field = (path: keyof ReportConfigFormValues, page: PreviewPage) => {
    const props = form.getInputProps(path);
    return {
      ...props,
      onFocus: (event: FocusEvent<HTMLElement>) => {
        props.onFocus?.(event);
        setPreviewPage(page);
      },
    };
  };

  const stored = useQueries({
    queries: REPORT_IMAGE_KINDS.map((kind) => ({ ...reportImageQuery(reportType, kind), enabled: consulting && config.images[kind] })),
  });
  const storedBlobs = stored.map((q, i) => (config.images[REPORT_IMAGE_KINDS[i]] ? (q.data ?? null) : null));
  const shownBlobs = REPORT_IMAGE_KINDS.map((kind, i) => picked[kind] ?? storedBlobs[i]);
  const urls = useObjectUrls(shownBlobs);
  const imageUrls = useMemo(() => {
    const byKind: Partial<Record<ReportImageKind, string | null>> = {};
    REPORT_IMAGE_KINDS.forEach((kind, i) => (byKind[kind] = urls[i]));
    return byKind;
  }, [urls]);

  const pending = Object.keys(picked).length > 0;
  const dirty = form.isDirty() || pending;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const busy = save.isPending || remove.isPending;

  const pick = async (kind: ReportImageKind, file: File) => {
    const error = await pickedImageError(kind, file);
    setImageErrors((e) => ({ ...e, [kind]: error ?? undefined }));
    if (!error) {
      setPicked((p) => ({ ...p, [kind]: file }));
      setPreviewPage(pageOfImage(kind));
    }
  };

  const undo = (kind: ReportImageKind) => {
    setPicked((p) => without(p, kind));
    setImageErrors((e) => without(e, kind));
  };

  const formRef = useRef<HTMLFormElement>(null);
  /* The first field with an error comes into view once the errors are shown. */
  const showFirstError = () =>
    window.requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      invalid?.focus({ preventScroll: true });
    });

  const submit = form.onSubmit(async (values) => {
    const checked = validate(reportConfigTextSchema, values);
    if (!checked.ok) return;
    try {
      const saved = await save.mutateAsync({ id: config.id, values: checked.value, files: consulting ? picked : {} });
      const next = formValuesOf(saved);
      form.setValues(next);
      form.resetDirty(next);
      setPicked({});
      setImageErrors({});
      notifications.show({ color: 'green', message: ReportConfigMsg.saved });
    } catch {
      /* the API client has shown the server's message */
    }
  }, showFirstError);

  const confirmDelete = async () => {
    if (confirming === null) return;
    try {
      await remove.mutateAsync({ reportType, imageType: confirming });
      notifications.show({ color: 'green', message: ReportConfigMsg.imageDeleted });
    } catch {
      /* the API client has shown the server's message */
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Grid gutter="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <PageSection title="报告配置" actions={typeSwitch}>
          <form ref={formRef} onSubmit={submit} noValidate>
            <Stack gap="md">
              {config.id === null && (
                <Alert color="blue" variant="light" py="xs">
                  尚未配置{label}，以下为默认内容，保存后客户生成的{label}将使用此配置。
                </Alert>
              )}
              <TextInput
                label="报告名称"
                withAsterisk
                placeholder="请输入报告名称"
                rightSection={<CharCount value={form.values.reportName} max={REPORT_NAME_MAX} />}
                rightSectionWidth={64}
                {...field('reportName', 'cover')}
              />
              <Textarea
                label="报告声明"
                description={<CharCount value={form.values.reportStatement} max={REPORT_STATEMENT_MAX} />}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                styles={{ description: { textAlign: 'right', marginTop: 4 } }}
                placeholder="请输入报告声明，将打印在报告的估价声明章节"
                autosize
                minRows={7}
                maxRows={14}
                {...field('reportStatement', 'statement')}
              />
              {consulting && (
                <>
                  <TextInput
                    label="落款"
                    description="打印在估价声明之后、估价师签字之上"
                    placeholder="如：北京示范房地产估价有限公司"
                    rightSection={<CharCount value={form.values.reportSign} max={REPORT_SIGN_MAX} />}
                    rightSectionWidth={56}
                    {...field('reportSign', 'statement')}
                  />
                  <Box>
                    <Text size="sm" fw={500}>
                      报告图片
                    </Text>
                    <Text size="xs" c="dimmed" mb="xs">
                      支持png、jpg、jpeg、gif格式；营业执照、资质证书不超过10M，估价师签名、报告印章不超过2M。新选择的图片在保存后生效。
                    </Text>
                    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                      {REPORT_IMAGE_RULES.map((rule, i) => (
                        <ReportImageCard
                          key={rule.type}
                          rule={rule}
                          url={imageUrls[rule.type] ?? null}
                          picked={picked[rule.type] !== undefined}
                          stored={config.images[rule.type]}
                          loading={!picked[rule.type] && config.images[rule.type] && stored[i].isLoading}
                          error={imageErrors[rule.type] ?? (stored[i].isError ? '图片加载失败' : undefined)}
                          disabled={busy}
                          onPick={(file) => void pick(rule.type, file)}
                          onUndo={() => undo(rule.type)}
                          onDelete={() => setConfirming(rule.type)}
                        />
                      ))}
                    </SimpleGrid>
                  </Box>
                </>
              )}
              <Group gap="md">
                <Button type="submit" loading={save.isPending} disabled={remove.isPending}>
                  保存
                </Button>
                {dirty && (
                  <Text size="sm" c="orange.7">
                    有未保存的修改
                  </Text>
                )}
              </Group>
            </Stack>
          </form>
        </PageSection>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }} style={{ position: 'sticky', top: 70 }}>
        <PageSection
          title="报告预览"
          actions={
            <SegmentedControl
              size="xs"
              value={previewPages.includes(previewPage) ? previewPage : 'cover'}
              onChange={(v) => setPreviewPage(previewPages.find((p) => p === v) ?? 'cover')}
              data={previewPages.map((p) => ({ value: p, label: PREVIEW_PAGE_LABELS[p] }))}
              aria-label="预览页"
            />
          }
        >
          <Box mah="calc(100vh - 200px)" style={{ overflowY: 'auto' }}>
            <ReportPreview values={form.values} issuer={issuer} images={consulting ? imageUrls : {}} page={previewPage} />
          </Box>
          <Text size="xs" c="dimmed" mt={8}>
            按A4纸张比例显示，随输入实时更新；内容较多时报告自动分页。
          </Text>
        </PageSection>
      </Grid.Col>
      <Modal opened={confirming !== null} onClose={() => !remove.isPending && setConfirming(null)} title="删除图片" centered size="sm">
        <Text size="sm">{confirming !== null ? reportImageDeleteConfirm(confirming) : ''}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(null)} disabled={remove.isPending}>
            取消
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
            确定删除
          </Button>
        </Group>
      </Modal>
    </Grid>
  );
}
