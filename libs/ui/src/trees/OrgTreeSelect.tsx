import { Box, Checkbox, Input, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { OrgTreeToolbar } from './OrgTreeToolbar';
import { subtreeIds, filterOrgTree, orgNames, tickShown, toggleSubtree, untickShown, type OrgNode } from './org-tree';

export interface OrgTreeSelectProps {
  label?: string;
  tree: readonly OrgNode[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  placeholder?: string;
  width?: number;
  disabled?: boolean;
}

function OrgRows({
  nodes,
  depth,
  checked,
  onToggle,
}: {
  nodes: readonly OrgNode[];
  depth: number;
  checked: ReadonlySet<number>;
  onToggle: (node: OrgNode, on: boolean) => void;
}) {
  return (
    <>
      {nodes.map((node) => {
        const ids = subtreeIds(node);
        const count = ids.filter((id) => checked.has(id)).length;
        return (
          <Box key={node.id}>
            <Checkbox
              size="sm"
              pl={depth * 18}
              py={4}
              label={node.name}
              checked={checked.has(node.id)}
              indeterminate={!checked.has(node.id) && count > 0}
              onChange={(e) => onToggle(node, e.currentTarget.checked)}
            />
            {node.children && node.children.length > 0 && (
              <OrgRows nodes={node.children} depth={depth + 1} checked={checked} onToggle={onToggle} />
            )}
          </Box>
        );
      })}
    </>
  );
}

/**
 * Chooses organisations from the organisation tree: a search box that keeps the matches and
 * where they sit, 全选 and 清空 (over what the search shows), and a box per organisation that
 * takes its sub-organisations with it.
 */
export function OrgTreeSelect({
  label = '机构',
  tree,
  value,
  onChange,
  placeholder = '全部机构',
  width = 220,
  disabled,
}: OrgTreeSelectProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const checked = useMemo(() => new Set(value), [value]);
  const shown = useMemo(() => filterOrgTree(tree, search), [tree, search]);
  const names = orgNames(tree, checked);

  const toggle = (node: OrgNode, on: boolean) => onChange(toggleSubtree(value, node, on));
  const selectAll = () => onChange(tickShown(value, shown));
  const clearAll = () => onChange(untickShown(value, shown, search.trim() !== ''));

  return (
    <Input.Wrapper label={label} w={width}>
      <Popover opened={opened} onChange={setOpened} position="bottom-start" width={Math.max(width, 280)} shadow="md" disabled={disabled}>
        <Popover.Target>
          <UnstyledButton
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            disabled={disabled}
            onClick={() => setOpened((o) => !o)}
            style={{
              display: 'flex',
              alignItems: 'center',
              width: '100%',
              height: 36,
              padding: '0 10px',
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'var(--mantine-color-body)',
            }}
          >
            <Text size="sm" truncate style={{ flex: 1 }} c={names.length ? undefined : 'dimmed'}>
              {names.length === 0 ? placeholder : names.length <= 2 ? names.join('、') : `${names[0]} 等 ${names.length} 个机构`}
            </Text>
            <IconChevronDown size={16} />
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <OrgTreeToolbar
              search={search}
              onSearch={setSearch}
              onSelectAll={selectAll}
              onClearAll={clearAll}
              nothingShown={shown.length === 0}
              count={value.length}
            />
            <ScrollArea.Autosize mah={280}>
              {shown.length === 0 ? (
                <Text size="sm" c="dimmed" ta="center" py="sm">
                  无匹配机构
                </Text>
              ) : (
                <OrgRows nodes={shown} depth={0} checked={checked} onToggle={toggle} />
              )}
            </ScrollArea.Autosize>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Input.Wrapper>
  );
}
