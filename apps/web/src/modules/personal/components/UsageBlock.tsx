import { SimpleGrid } from '@mantine/core';
import { LoadError, PageSection, StatTile } from '@valuation/ui';
import { useNavigate } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useUserStatistics } from '../api/personal-api';

/** How many valuations and reports the account has made; each count opens its list when available. */
export function UsageBlock() {
  const stats = useUserStatistics();
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const open = (href: string | undefined) => (href ? () => navigate(href) : undefined);

  const tiles = [
    { label: '快速估价', value: stats.data?.rapidTotal, href: link('valuationRecord') },
    { label: '咨询报告', value: stats.data?.advisoryTotal, href: link('subsidiary', { statSubMethod: 22 }) },
    { label: '询价报告', value: stats.data?.inquiryTotal, href: link('subsidiary', { statSubMethod: 21 }) },
    { label: '批量估价', value: stats.data?.batchTotal, href: link('batchValuation') },
  ];

  return (
    <PageSection title="使用统计">
      {stats.isError ? (
        <LoadError message="使用统计加载失败" onRetry={() => void stats.refetch()} />
      ) : (
        <SimpleGrid cols={4} spacing="md">
          {tiles.map((t) => (
            <StatTile key={t.label} label={t.label} value={t.value} unit="次" loading={stats.isLoading} onClick={open(t.href)} />
          ))}
        </SimpleGrid>
      )}
    </PageSection>
  );
}
