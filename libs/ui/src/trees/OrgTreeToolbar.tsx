import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** Above an organisation tree: the name search, 全选 and 清空 of what the search shows, and how many are ticked. */
export function OrgTreeToolbar({
  search,
  onSearch,
  onSelectAll,
  onClearAll,
  nothingShown,
  count,
}: {
  search: string;
  onSearch: (text: string) => void;
  onSelectAll: () => void;
  onClearAll: () => void;
  nothingShown: boolean;
  count: number;
}) {
  return (
    <>
      <TextInput
        aria-label="搜索机构"
        placeholder="搜索机构名称"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button size="compact-xs" variant="light" onClick={onSelectAll} disabled={nothingShown}>
          全选
        </Button>
        <Button size="compact-xs" variant="default" onClick={onClearAll}>
          清空
        </Button>
        <Text size="xs" c="dimmed" ml="auto">
          已选 {count} 个
        </Text>
      </Group>
    </>
  );
}
