import { Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { AroundPoi, CommunityAround } from '@valuation/contracts';
import { formatMeters, ReportMsg } from '@valuation/domain';
import { ChartEmpty, PageSection } from '@valuation/ui';
import type { ReactNode } from 'react';
import { QueryState, type QueryLike } from './QueryState';

export interface SurroundingsSectionProps {
  query: (QueryLike & { data?: CommunityAround }) | null;
}

const MAX_ITEMS = 8;

function PoiColumn({
  title,
  mark,
  color,
  items,
  extra,
}: {
  title: string;
  mark: string;
  color: string;
  items: readonly AroundPoi[];
  extra?: (i: number) => ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="xs" mb="sm">
        <ThemeIcon size="sm" radius="sm" color={color} variant="light">
          <Text size="xs" fw={700}>
            {mark}
          </Text>
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="xs" c="dimmed">
          1公里内 {items.length} 处
        </Text>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {ReportMsg.noData}
        </Text>
      ) : (
        <Stack gap={10}>
          {items.slice(0, MAX_ITEMS).map((p, i) => (
            <div key={`${p.name}-${i}`}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate>
                  {p.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {p.direction ? `${p.direction} ` : ''}
                  {formatMeters(p.distance)}
                </Text>
              </Group>
              {extra?.(i)}
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** 周边配套: bus and metro stops with their routes, schools and hospitals within 1 km. */
export function SurroundingsSection({ query }: SurroundingsSectionProps) {
  return (
    <PageSection title="周边配套">
      {!query ? (
        <ChartEmpty height={160}>{ReportMsg.noData}</ChartEmpty>
      ) : (
        <QueryState query={query} height={200} errorMessage="周边配套加载失败">
          {() => {
            const d = query.data;
            if (!d || d.transport.length + d.education.length + d.medical.length === 0)
              return <ChartEmpty height={160}>{ReportMsg.noData}</ChartEmpty>;
            return (
              <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
                <PoiColumn
                  title="交通"
                  mark="交"
                  color="blue"
                  items={d.transport}
                  extra={(i) =>
                    d.transport[i].routes.length > 0 && (
                      <Group gap={4} mt={4}>
                        {d.transport[i].routes.map((r) => (
                          <Badge key={r.routeName} size="xs" variant="light" color="blue" radius="sm">
                            {r.routeName}
                          </Badge>
                        ))}
                      </Group>
                    )
                  }
                />
                <PoiColumn title="教育" mark="教" color="teal" items={d.education} />
                <PoiColumn title="医疗" mark="医" color="red" items={d.medical} />
              </SimpleGrid>
            );
          }}
        </QueryState>
      )}
    </PageSection>
  );
}
