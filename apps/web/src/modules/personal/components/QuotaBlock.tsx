import { Group, SimpleGrid, Text } from '@mantine/core';
import { LoadError, PageSection, StatTile } from '@valuation/ui';
import { useOwnBalance } from '../api/personal-api';

/** What the account can still use: annual city packages, nationwide counts and report copies. */
export function QuotaBlock() {
  const balance = useOwnBalance();
  const data = balance.data;
  const loading = balance.isLoading;

  return (
    <PageSection title="剩余额度">
      {balance.isError ? (
        <LoadError message="剩余额度加载失败" onRetry={() => void balance.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={5} spacing="md">
            <StatTile label="包年城市数" value={data?.cityCount} unit="个" loading={loading} />
            <StatTile label="包年城市估价次数" value={data?.annuallyCount} unit="次" loading={loading} />
            <StatTile label="全国通用估价次数" value={data?.universalCount} unit="次" loading={loading} />
            <StatTile label="咨询报告" value={data?.advisoryCount} unit="份" loading={loading} />
            <StatTile label="询价报告" value={data?.inquiryCount} unit="份" loading={loading} />
          </SimpleGrid>
          <Group gap="sm" mt="md" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              服务范围
            </Text>
            <Text size="sm">{loading ? '' : data?.buyScope || '--'}</Text>
          </Group>
        </>
      )}
    </PageSection>
  );
}
