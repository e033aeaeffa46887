import { SimpleGrid } from '@mantine/core';
import { FILTER_EARLIEST_DATE, filterToday } from '@valuation/domain';
import { LoadError, PageSection, StatTile } from '@valuation/ui';
import { useNavigate } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useLoginUser } from '../../../app/session/session-queries';
import { useUserStatistics } from '../api/personal-api';

/**
 * How many valuations and reports the account has made; each count opens its list when available:
 * quick valuations the record list, batch valuations the batch list, reports the statistics detail
 * of the account's own reports of that type since the earliest date.
 */
export function UsageBlock() {
  const stats = useUserStatistics();
  const user = useLoginUser('user').data;
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const open = (href: string | undefined) => (href ? () => navigate(href) : undefined);
  const ownReports = (statSubMethod: 21 | 22) =>
    user
      ? link('subsidiary', {
          statSubMethod,
          organizationIds: user.organizationId,
          account: user.loginUser,
          beginDate: FILTER_EARLIEST_DATE,
          endDate: filterToday(),
        })
      : undefined;

  const tiles = [
    { label: '快速估价', value: stats.data?.rapidTotal, href: link('valuationRecord') },
    { label: '咨询报告', value: stats.data?.advisoryTotal, href: ownReports(22) },
    { label: '询价报告', value: stats.data?.inquiryTotal, href: ownReports(21) },
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
