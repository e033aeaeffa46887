import { Group, Paper, Stack, Text } from '@mantine/core';
import { useBranding } from '../../../app/branding/branding-context';

/** 客服热线 and 客服邮箱 from the site config. */
export function CustomerService() {
  const { config } = useBranding();
  return (
    <Paper bg="var(--mantine-color-gray-0)" p="sm" radius="sm">
      <Stack gap={4}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" c="dimmed">
            客服热线：
          </Text>
          <Text size="sm">{config?.contact || '--'}</Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" c="dimmed">
            客服邮箱：
          </Text>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {config?.email || '--'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
