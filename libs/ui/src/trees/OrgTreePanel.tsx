import { ActionIcon, Box, Checkbox, Group, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconEdit, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState, type DragEvent } from 'react';
import { OrgTreeToolbar } from './OrgTreeToolbar';
import { subtreeIds, canDropOrg, filterOrgTree, findOrg, tickShown, toggleSubtree, untickShown, type OrgNode } from './org-tree';

export interface OrgTreePanelProps {
  tree: readonly OrgNode[];
  /** The organisation whose details are shown beside the tree. */
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The ticked organisations (全选 and 清空 act on what the search shows). */
  checked: readonly number[];
  onCheckedChange: (ids: number[]) => void;
  /** Node actions; an action without a handler is absent. */
  onAdd?: (parent: OrgNode) => void;
  onRename?: (node: OrgNode) => void;
  onDelete?: (node: OrgNode) => void;
  /** A sub-organisation dropped on another organisation, which becomes its parent. */
  onMove?: (dragged: OrgNode, target: OrgNode) => void;
  /** A change is under way: actions and dragging wait. */
  busy?: boolean;
  height?: number;
}

type DropState = 'allowed' | 'refused';

interface RowsProps extends Omit<OrgTreePanelProps, 'tree' | 'checked' | 'onCheckedChange' | 'height'> {
  nodes: readonly OrgNode[];
  depth: number;
  tree: readonly OrgNode[];
  checked: ReadonlySet<number>;
  toggle: (node: OrgNode, on: boolean) => void;
  dragged: number | null;
  setDragged: (id: number | null) => void;
  over: { id: number; state: DropState } | null;
  setOver: (over: { id: number; state: DropState } | null) => void;
}

const DRAG_TYPE = 'application/x-org-id';

function OrgRows(props: RowsProps) {
  const { nodes, depth, tree, checked, toggle, selectedId, onSelect, onAdd, onRename, onDelete, onMove, busy } = props;
  const { dragged, setDragged, over, setOver } = props;

  const dropStateOn = (target: OrgNode): DropState => (dragged !== null && canDropOrg(tree, dragged, target.id) ? 'allowed' : 'refused');

  return (
    <>
      {nodes.map((node) => {
        const ids = subtreeIds(node);
        const count = ids.filter((id) => checked.has(id)).length;
        const top = depth === 0;
        const movable = !!onMove && !top && !busy;
        const hovered = over?.id === node.id ? over.state : null;
        const onDragOver = (e: DragEvent) => {
          if (dragged === null || !onMove) return;
          const state = dropStateOn(node);
          if (state === 'allowed') e.preventDefault();
          e.dataTransfer.dropEffect = state === 'allowed' ? 'move' : 'none';
          if (over?.id !== node.id || over.state !== state) setOver({ id: node.id, state });
        };
        const onDrop = (e: DragEvent) => {
          e.preventDefault();
          const from = dragged;
          setDragged(null);
          setOver(null);
          if (from === null || !onMove || !canDropOrg(tree, from, node.id)) return;
          const source = findOrg(tree, from);
          if (source) onMove(source, node);
        };
        return (
          <Box key={node.id}>
            <Group
              gap={4}
              wrap="nowrap"
              pl={depth * 18}
              py={2}
              data-org-row={node.id}
              data-drop={hovered ?? undefined}
              draggable={movable}
              onDragStart={(e) => {
                if (!movable) return;
                e.dataTransfer.setData(DRAG_TYPE, String(node.id));
                e.dataTransfer.effectAllowed = 'move';
                setDragged(node.id);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              onDragOver={onDragOver}
              onDragLeave={() => over?.id === node.id && setOver(null)}
              onDrop={onDrop}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                background:
                  hovered === 'allowed'
                    ? 'var(--mantine-color-green-0)'
                    : hovered === 'refused'
                      ? 'var(--mantine-color-red-0)'
                      : selectedId === node.id
                        ? 'var(--mantine-primary-color-light)'
                        : undefined,
                outline: hovered === 'refused' ? '1px dashed var(--mantine-color-red-5)' : undefined,
                cursor: hovered === 'refused' ? 'not-allowed' : undefined,
                opacity: dragged === node.id ? 0.5 : 1,
              }}
            >
              <Box w={14} c="dimmed" style={{ cursor: movable ? 'grab' : undefined, display: 'flex' }}>
                {movable && <IconGripVertical size={14} />}
              </Box>
              <Checkbox
                size="xs"
                aria-label={`勾选${node.name}`}
                checked={checked.has(node.id)}
                indeterminate={!checked.has(node.id) && count > 0}
                onChange={(e) => toggle(node, e.currentTarget.checked)}
              />
              <UnstyledButton onClick={() => onSelect(node.id)} style={{ flex: 1, minWidth: 0 }} aria-current={selectedId === node.id}>
                <Text size="sm" truncate fw={selectedId === node.id ? 600 : undefined}>
                  {node.name}
                </Text>
              </UnstyledButton>
              <Group gap={0} wrap="nowrap">
                {onAdd && (
                  <Tooltip label="新增下级机构" withinPortal>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      aria-label={`在${node.name}下新增机构`}
                      disabled={busy}
                      onClick={() => onAdd(node)}
                    >
                      <IconPlus size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {onRename && (
                  <Tooltip label="重命名" withinPortal>
                    <ActionIcon size="sm" variant="subtle" aria-label={`重命名${node.name}`} disabled={busy} onClick={() => onRename(node)}>
                      <IconEdit size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {onDelete && !top && (
                  <Tooltip label="删除" withinPortal>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`删除${node.name}`}
                      disabled={busy}
                      onClick={() => onDelete(node)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
            {node.children && node.children.length > 0 && <OrgRows {...props} nodes={node.children} depth={depth + 1} />}
          </Box>
        );
      })}
    </>
  );
}

/**
 * The organisation tree of a management page: a search box that keeps the matches and where they
 * sit, 全选 and 清空 over what it shows, a click that selects an organisation, and per organisation
 * the actions given (add a child, rename, delete). A sub-organisation dragged onto another
 * organisation moves under it; a drop on itself or below itself is refused (the row turns red).
 */
export function OrgTreePanel({ tree, checked, onCheckedChange, height = 520, ...rest }: OrgTreePanelProps) {
  const [search, setSearch] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<{ id: number; state: DropState } | null>(null);
  const ticked = useMemo(() => new Set(checked), [checked]);
  const shown = useMemo(() => filterOrgTree(tree, search), [tree, search]);

  const toggle = (node: OrgNode, on: boolean) => onCheckedChange(toggleSubtree(checked, node, on));
  const selectAll = () => onCheckedChange(tickShown(checked, shown));
  const clearAll = () => onCheckedChange(untickShown(checked, shown, search.trim() !== ''));

  return (
    <Stack gap="xs">
      <OrgTreeToolbar
        search={search}
        onSearch={setSearch}
        onSelectAll={selectAll}
        onClearAll={clearAll}
        nothingShown={shown.length === 0}
        count={checked.length}
      />
      <ScrollArea h={height} type="auto">
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            无匹配机构
          </Text>
        ) : (
          <OrgRows
            {...rest}
            nodes={shown}
            depth={0}
            tree={tree}
            checked={ticked}
            toggle={toggle}
            dragged={dragged}
            setDragged={setDragged}
            over={over}
            setOver={setOver}
          />
        )}
      </ScrollArea>
    </Stack>
  );
}
