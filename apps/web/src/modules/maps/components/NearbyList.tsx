import { Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { NearbyCommunity } from '@valuation/contracts';
import { communityUnitPrice } from '../lib/address-text';
import { MapMsg } from '../lib/map-constants';

export interface NearbyListProps {
  items: NearbyCommunity[];
  loading: boolean;
  /** True once a list was answered (so an empty list means none nearby). */
  loaded: boolean;
  activeHaCode?: string;
  onShow: (community: NearbyCommunity) => void;
}

/** The nearby communities beside the map; a click shows the community's card on the map. */
export function NearbyList({ items, loading, loaded, activeHaCode, onShow }: NearbyListProps) {
  return (
    <Stack gap={6} style={{ flex: 1, minHeight: 0 }}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          周边小区
        </Text>
        {loading ? (
          <Loader size={14} />
        ) : (
          <Text size="xs" c="dimmed">
            {loaded ? `${items.length} 个` : ''}
          </Text>
        )}
      </Group>
      {loaded && !loading && items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {MapMsg.noCommunity}
        </Text>
      ) : (
        <ScrollArea style={{ flex: 1 }} offsetScrollbars>
          <Stack gap={2}>
            {items.map((c, i) => (
              <UnstyledButton
                key={c.haCode}
                onClick={() => onShow(c)}
                px="xs"
                py={6}
                style={{ borderRadius: 4, background: c.haCode === activeHaCode ? 'var(--mantine-color-orange-0)' : undefined }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate>
                    {i + 1}. {c.haName}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {c.distance}m
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {communityUnitPrice(c.price)} · {c.distName}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea>
      )}
    </Stack>
  );
}
