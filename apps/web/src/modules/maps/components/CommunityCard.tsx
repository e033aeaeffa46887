import { Button, Group, Stack, Text } from '@mantine/core';
import type { NearbyCommunity } from '@valuation/contracts';
import { communityUnitPrice } from '../lib/address-text';

export interface CommunityCardProps {
  community: NearbyCommunity;
  /** Undefined when quick valuation cannot be opened; the action is then disabled. */
  onSelect?: () => void;
}

/** The hover card of a nearby community on the map. */
export function CommunityCard({ community, onSelect }: CommunityCardProps) {
  return (
    <Stack gap={4} miw={220} maw={280}>
      <Text fw={600} size="sm">
        {community.haName}
      </Text>
      <Text size="xs" c="dimmed">
        区域：{community.distName || '—'}
      </Text>
      <Text size="xs" c="dimmed">
        地址：{community.address || '—'}
      </Text>
      <Group gap={4} align="baseline">
        <Text size="xs" c="dimmed">
          均价：
        </Text>
        <Text size="sm" fw={600} c={community.price ? 'orange.7' : 'dimmed'}>
          {communityUnitPrice(community.price)}
        </Text>
      </Group>
      <Button size="xs" mt={6} onClick={onSelect} disabled={!onSelect}>
        选择该房产
      </Button>
    </Stack>
  );
}
