import { Box, Grid, Skeleton, Stack, Text } from '@mantine/core';
import type { OrgTreeNodeView } from '@valuation/contracts';
import { BalanceMsg } from '@valuation/domain';
import { allOrgIds, LoadError, OrgTreePanel, PageSection, toggleSubtree, findOrg } from '@valuation/ui';
import { useMemo, type ReactNode } from 'react';
import { orgValue, tickedOrgs } from '../model/org-choice';

/** The tree's column and the height of its scrolling list. */
const TREE_WIDTH = 240;
const TREE_HEIGHT = 440;

export interface OrgTreeResult {
  data?: readonly OrgTreeNodeView[];
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface OrgTreeLayoutProps {
  tree: OrgTreeResult;
  /** The ticked organisations as the list's filter keeps them (see org-choice). */
  value: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}

/**
 * A balance screen: the organisation tree on the left (search, 全选, 清空, a box per organisation
 * that takes its sub-organisations with it; a click on a name ticks or unticks it too) and the
 * list of the ticked organisations on the right.
 */
export function OrgTreeLayout({ tree, value, onChange, children }: OrgTreeLayoutProps) {
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const treeIds = useMemo(() => allOrgIds(nodes), [nodes]);
  const ticked = useMemo(() => tickedOrgs(value, treeIds), [value, treeIds]);
  const change = (ids: readonly number[]) => onChange(orgValue(ids, treeIds));

  const hint =
    !tree.isLoading && !tree.isError && ticked.length === 0 ? (
      <Text size="xs" c="red" role="status">
        {BalanceMsg.organizationRequired}
      </Text>
    ) : null;

  return (
    <Grid gutter="md" align="flex-start">
      <Grid.Col span={{ base: 12, md: 'content' }}>
        <Box w={{ base: '100%', md: TREE_WIDTH }}>
          <PageSection title="机构" actions={hint}>
            {tree.isLoading ? (
              <Stack gap="xs">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} h={24} />
                ))}
              </Stack>
            ) : tree.isError ? (
              <LoadError message="机构加载失败" onRetry={() => void tree.refetch()} />
            ) : (
              <OrgTreePanel
                tree={nodes}
                selectedId={null}
                onSelect={(id) => {
                  const node = findOrg(nodes, id);
                  if (node) change(toggleSubtree(ticked, node, !ticked.includes(id)));
                }}
                checked={ticked}
                onCheckedChange={change}
                height={TREE_HEIGHT}
              />
            )}
          </PageSection>
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 'auto' }} style={{ minWidth: 0 }}>
        {children}
      </Grid.Col>
    </Grid>
  );
}
