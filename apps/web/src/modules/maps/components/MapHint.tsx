import { Button, Group, Paper, Text } from '@mantine/core';

/** The one-time hint over the map. */
export function MapHint({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Paper
      shadow="sm"
      radius="md"
      px="md"
      py="xs"
      withBorder
      style={{ position: 'absolute', top: 12, left: '50%', transform: 'translateX(-50%)', zIndex: 1000, maxWidth: 'calc(100% - 120px)' }}
    >
      <Group gap="md" wrap="nowrap">
        <Text size="sm">点击地图任意位置可标注房产位置；鼠标移到小区标签上可查看小区信息并选择该房产。</Text>
        <Button size="compact-sm" variant="light" onClick={onDismiss} style={{ flexShrink: 0 }}>
          知道了
        </Button>
      </Group>
    </Paper>
  );
}
