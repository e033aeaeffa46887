import { Grid, Skeleton, Stack } from '@mantine/core';
import { LoadError, PageSection } from '@valuation/ui';
import { useBranding } from '../../../app/branding/branding-context';
import { useSiteConfig } from '../../../app/branding/site-config';
import { useDeleteSiteImage, useSaveSiteConfig } from '../api/site-config-api';
import { SiteConfigEditor } from '../components/SiteConfigEditor';

function LoadingLayout() {
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <PageSection title="公司信息">
          <Stack gap="md">
            <Skeleton h={36} />
            <Skeleton h={36} />
            <Skeleton h={36} />
            <Skeleton h={96} w={360} />
          </Stack>
        </PageSection>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <PageSection title="效果预览">
          <Skeleton h={260} />
        </PageSection>
      </Grid.Col>
    </Grid>
  );
}

/**
 * Routes Configuration (`/org/Configuration`, the caller's company) and clientConfiguration
 * (`/channel/clientConfiguration`, the channel): the branding the pages of that side show.
 */
export function SiteConfigPage() {
  const { population } = useBranding();
  const config = useSiteConfig(population);
  const save = useSaveSiteConfig(population);
  const remove = useDeleteSiteImage(population);
  if (config.isError && !config.data) return <LoadError message="网站配置加载失败" onRetry={() => void config.refetch()} />;
  if (!config.data) return <LoadingLayout />;
  return (
    <SiteConfigEditor
      key={config.data.id ?? 'platform'}
      population={population}
      config={config.data}
      save={(body) => save.mutateAsync(body)}
      deleteImage={(type) => remove.mutateAsync(type)}
    />
  );
}
