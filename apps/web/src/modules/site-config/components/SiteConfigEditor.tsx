import { Box, Button, Grid, Group, Input, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { SiteConfig } from '@valuation/contracts';
import {
  SITE_CONFIG_LIMITS,
  SITE_CONFIG_RELOAD_MS,
  SITE_IMAGE_RULES,
  siteImageRule,
  SiteConfigMsg,
  themeColorHex,
  THEME_PRESETS,
  type Population,
  type SiteImageType,
} from '@valuation/domain';
import { askConfirm, PageSection } from '@valuation/ui';
import { useEffect, useMemo, useState } from 'react';
import { backgroundUrl, logoUrl } from '../../../app/branding/site-config';
import { noticeAcrossReload } from '../../../app/notifications/notice-across-reload';
import {
  formValuesOf,
  pickedSiteImageError,
  saveBody,
  validateSiteConfig,
  type PickedSiteImages,
  type SiteConfigFormValues,
} from '../model/site-config-form';
import { SiteConfigPreview } from './SiteConfigPreview';
import { SiteImageField } from './SiteImageField';
import { ThemeColorPicker } from './ThemeColorPicker';

export interface SiteConfigEditorProps {
  population: Population;
  config: SiteConfig;
  save: (body: Record<string, string | number | File>) => Promise<SiteConfig>;
  deleteImage: (type: SiteImageType) => Promise<SiteConfig>;
  /** Reloads the page (after a save, and when an edit is cancelled). */
  reload?: () => void;
}

type ImageErrors = Partial<Record<SiteImageType, string>>;

/** An object URL of each picked file, revoked when the file changes or the editor goes away. */
function usePickedUrls(picked: PickedSiteImages): Partial<Record<SiteImageType, string>> {
  const [urls, setUrls] = useState<Partial<Record<SiteImageType, string>>>({});
  const logo = picked[1];
  const background = picked[2];
  useEffect(() => {
    const created: Partial<Record<SiteImageType, string>> = {};
    if (logo) created[1] = URL.createObjectURL(logo);
    if (background) created[2] = URL.createObjectURL(background);
    setUrls(created);
    return () => Object.values(created).forEach((url) => URL.revokeObjectURL(url));
  }, [logo, background]);
  return urls;
}

const reloadPage = () => window.location.reload();

/**
 * The site configuration of an organisation (route Configuration) or a channel (route
 * clientConfiguration): company information and system theme, with a live preview. Apply saves and
 * reloads the page after 300 ms; cancel asks first, then reloads.
 */
export function SiteConfigEditor({ population, config, save, deleteImage, reload = reloadPage }: SiteConfigEditorProps) {
  const form = useForm<SiteConfigFormValues>({ initialValues: formValuesOf(config), validate: validateSiteConfig });
  const [picked, setPicked] = useState<PickedSiteImages>({});
  const [imageErrors, setImageErrors] = useState<ImageErrors>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const pickedUrls = usePickedUrls(picked);
  const stored = useMemo(
    () => ({ 1: logoUrl(population, config), 2: backgroundUrl(population, config) }) as Record<SiteImageType, string | null>,
    [population, config],
  );
  const shown = (type: SiteImageType) => pickedUrls[type] ?? (picked[type] ? null : stored[type]);
  const busy = saving || deleting;
  const fallbackColor = themeColorHex(config.themeColor) ?? THEME_PRESETS[0];

  const pick = async (type: SiteImageType, file: File) => {
    const error = await pickedSiteImageError(type, file);
    setImageErrors((e) => ({ ...e, [type]: error ?? undefined }));
    if (!error) setPicked((p) => ({ ...p, [type]: file }));
  };

  const undo = (type: SiteImageType) => {
    setPicked((p) => ({ ...p, [type]: undefined }));
    setImageErrors((e) => ({ ...e, [type]: undefined }));
  };

  const remove = async (type: SiteImageType) => {
    const name = siteImageRule(type).name;
    if (!(await askConfirm({ title: '删除图片', message: `确定删除${name}图片吗？`, confirmLabel: '确定删除', danger: true }))) return;
    setDeleting(true);
    try {
      await deleteImage(type);
      notifications.show({ color: 'green', message: SiteConfigMsg.imageDeleted });
    } catch {
      /* the API client has shown the server's message */
    } finally {
      setDeleting(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await save(saveBody(config.id, values, picked));
      noticeAcrossReload(SiteConfigMsg.saved);
      window.setTimeout(reload, SITE_CONFIG_RELOAD_MS);
    } catch {
      setSaving(false);
    }
  });

  const cancel = async () => {
    if (await askConfirm({ message: SiteConfigMsg.cancelConfirm })) reload();
  };

  const counted = (key: keyof typeof SITE_CONFIG_LIMITS) => ({
    ...form.getInputProps(key),
    maxLength: SITE_CONFIG_LIMITS[key],
    disabled: busy,
  });

  const imageField = (type: SiteImageType, height: number) => {
    const rule = siteImageRule(type);
    return (
      <SiteImageField
        rule={rule}
        url={shown(type)}
        picked={picked[type] !== undefined}
        stored={type === 1 ? config.hasLogo : config.hasBackground}
        error={imageErrors[type]}
        disabled={busy}
        height={height}
        onPick={(file) => void pick(type, file)}
        onUndo={() => undo(type)}
        onDelete={() => void remove(type)}
      />
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <PageSection title="公司信息">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
                <TextInput label="系统名称" withAsterisk placeholder="请输入系统名称" {...counted('productName')} />
                <TextInput label="公司名称" placeholder="请输入公司名称" {...counted('companyName')} />
                <TextInput label="关于我们" placeholder="如：https://www.example.com/about" {...counted('companyProfile')} />
                <TextInput label="公司地址" placeholder="请输入公司地址" {...counted('address')} />
                <TextInput label="联系电话" placeholder="多个号码以逗号分隔" {...counted('contact')} />
                <TextInput label="公司邮箱" placeholder="请输入公司邮箱" {...counted('email')} />
              </SimpleGrid>
              <Box mt="md" maw={360}>
                {imageField(SITE_IMAGE_RULES[0].type, 96)}
              </Box>
            </PageSection>
            <PageSection title="系统主题">
              <Stack gap="lg">
                <Input.Wrapper label="主题颜色" description="选择预设颜色、命名颜色，或输入#RGB、#RRGGBB格式的颜色值">
                  <Box mt="xs">
                    <ThemeColorPicker
                      value={form.values.themeColor}
                      error={form.errors.themeColor as string | undefined}
                      disabled={busy}
                      onChange={(hex) => form.setFieldValue('themeColor', hex)}
                    />
                  </Box>
                </Input.Wrapper>
                <Box maw={520}>{imageField(SITE_IMAGE_RULES[1].type, 180)}</Box>
              </Stack>
            </PageSection>
            <Group
              gap="sm"
              py="sm"
              px="lg"
              style={{
                position: 'sticky',
                bottom: 0,
                zIndex: 2,
                background: 'var(--mantine-color-body)',
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 'var(--mantine-radius-default)',
                boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.06)',
              }}
            >
              <Button type="submit" loading={saving} disabled={deleting}>
                应用
              </Button>
              <Button variant="default" disabled={busy} onClick={() => void cancel()}>
                取消
              </Button>
              <Text size="xs" c="dimmed">
                应用后页面将刷新，本{population === 'tenant' ? '渠道' : '公司'}的用户及登录页随即使用新的配置。
              </Text>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }} style={{ position: 'sticky', top: 70 }}>
          <PageSection title="效果预览">
            <SiteConfigPreview values={form.values} logoUrl={shown(1)} backgroundUrl={shown(2)} fallbackColor={fallbackColor} />
          </PageSection>
        </Grid.Col>
      </Grid>
    </form>
  );
}
