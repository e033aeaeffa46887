import { ScrollArea, Table, Text } from '@mantine/core';
import type { NearbyCommunity } from '@valuation/contracts';
import { formatMeters, formatReportUnitPrice, ReportMsg } from '@valuation/domain';
import { ChartEmpty, PageSection } from '@valuation/ui';
import { QueryState, type QueryLike } from './QueryState';

export interface NearbyPricesSectionProps {
  /** null when the property has no position. */
  query: QueryLike | null;
  /** The nearby communities without the subject's own, numbered as on the map. */
  items: readonly NearbyCommunity[];
}

/** 周边小区价格: communities within 1 km with their sale and rent averages. */
export function NearbyPricesSection({ query, items }: NearbyPricesSectionProps) {
  const body = () =>
    items.length === 0 ? (
      <ChartEmpty height={160}>{ReportMsg.noData}</ChartEmpty>
    ) : (
      <ScrollArea.Autosize mah={460}>
        <Table striped withTableBorder verticalSpacing={8} stickyHeader>
          <Table.Thead bg="var(--mantine-color-gray-0)">
            <Table.Tr>
              <Table.Th w={56}>序号</Table.Th>
              <Table.Th>小区名称</Table.Th>
              <Table.Th ta="center">方位</Table.Th>
              <Table.Th ta="right">距离</Table.Th>
              <Table.Th ta="right">售价均价（元/㎡）</Table.Th>
              <Table.Th ta="right">租金均价（元/月/㎡）</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((c, i) => (
              <Table.Tr key={c.haCode}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm">{c.haName}</Text>
                  {c.address && (
                    <Text size="xs" c="dimmed">
                      {c.address}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="center">{c.direction || '--'}</Table.Td>
                <Table.Td ta="right">{formatMeters(c.distance)}</Table.Td>
                <Table.Td ta="right">{formatReportUnitPrice(c.price, 1)}</Table.Td>
                <Table.Td ta="right">{formatReportUnitPrice(c.leasePrice, 2)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    );
  return (
    <PageSection title="周边小区价格">
      {!query ? (
        <ChartEmpty height={160}>{ReportMsg.noData}</ChartEmpty>
      ) : (
        <QueryState query={query} height={260} errorMessage="周边小区加载失败">
          {body}
        </QueryState>
      )}
    </PageSection>
  );
}
