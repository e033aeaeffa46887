import { Grid, Skeleton, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ORG_LIMITS, OrganizationMsg, orgRenameSchema, type OrgRename } from '@valuation/domain';
import { askConfirm, FormDialog, LoadError, OrgTreePanel, PageSection, parentOf, type OrgNode } from '@valuation/ui';
import { useState } from 'react';
import { useAddOrg, useDeleteOrg, useMoveOrg, useOrgInfo, useOrgTree, useRenameOrg } from '../api/organization-api';
import { OrgInfoForm } from '../components/OrgInfoForm';

interface RenameTarget {
  node: OrgNode;
  parentId: number | null;
}

/**
 * Route organization (`/org/organization`, permission 10): the organisation tree of the caller's
 * range on the left (search, 全选, 清空, add a child, rename, delete, drag to move), and the
 * information form of the selected organisation on the right.
 */
export function OrganizationPage() {
  const tree = useOrgTree();
  const nodes = tree.data ?? [];
  const [chosenId, setSelectedId] = useState<number | null>(null);
  /* The first organisation is shown until another is chosen. */
  const selectedId = chosenId ?? nodes[0]?.id ?? null;
  const [checked, setChecked] = useState<number[]>([]);
  const [renaming, setRenaming] = useState<RenameTarget | null>(null);
  const info = useOrgInfo(selectedId);
  const add = useAddOrg();
  const rename = useRenameOrg();
  const move = useMoveOrg();
  const remove = useDeleteOrg();
  const busy = add.isPending || rename.isPending || move.isPending || remove.isPending;

  const onAdd = (parent: OrgNode) =>
    add.mutate(
      { parentId: parent.id },
      {
        onSuccess: (created) => {
          notifications.show({ color: 'green', message: OrganizationMsg.added });
          if (created) setSelectedId(created.id);
        },
      },
    );

  const onDelete = async (node: OrgNode) => {
    const sure = await askConfirm({ message: OrganizationMsg.deleteConfirm(node.name), danger: true, confirmLabel: '删除' });
    if (!sure) return;
    const parent = parentOf(nodes, node.id);
    remove.mutate(node.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: OrganizationMsg.deleted });
        if (selectedId === node.id) setSelectedId(parent?.id ?? null);
        setChecked((ids) => ids.filter((id) => id !== node.id));
      },
    });
  };

  const onMove = (dragged: OrgNode, target: OrgNode) =>
    move.mutate(
      { orgId: dragged.id, parentId: target.id },
      { onSuccess: () => notifications.show({ color: 'green', message: OrganizationMsg.moved }) },
    );

  return (
    <Grid gutter="md" align="flex-start">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <PageSection title="机构树">
          {tree.isLoading ? (
            <Stack gap="xs">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={24} />
              ))}
            </Stack>
          ) : tree.isError ? (
            <LoadError onRetry={() => void tree.refetch()} />
          ) : (
            <OrgTreePanel
              tree={nodes}
              selectedId={selectedId}
              onSelect={setSelectedId}
              checked={checked}
              onCheckedChange={setChecked}
              onAdd={onAdd}
              onRename={(node) => setRenaming({ node, parentId: parentOf(nodes, node.id)?.id ?? null })}
              onDelete={(node) => void onDelete(node)}
              onMove={onMove}
              busy={busy}
            />
          )}
        </PageSection>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <PageSection title={info.data ? `机构信息：${info.data.name}` : '机构信息'}>
          {selectedId === null || info.isLoading ? (
            <Stack gap="sm">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} h={36} />
              ))}
            </Stack>
          ) : info.isError || !info.data ? (
            <LoadError onRetry={() => void info.refetch()} />
          ) : (
            <OrgInfoForm key={`${info.data.id}:${info.dataUpdatedAt}`} info={info.data} />
          )}
        </PageSection>
      </Grid.Col>
      <FormDialog<OrgRename & Record<string, unknown>, typeof orgRenameSchema>
        opened={renaming !== null}
        title="重命名机构"
        size={420}
        schema={orgRenameSchema}
        initialValues={{ id: renaming?.node.id ?? 0, name: renaming?.node.name ?? '' }}
        onClose={() => setRenaming(null)}
        onSubmit={async (request) => {
          await rename.mutateAsync({ id: request.id, name: request.name, parentId: renaming?.parentId ?? null });
          notifications.show({ color: 'green', message: OrganizationMsg.renamed });
        }}
      >
        {(f) => <TextInput label="机构名称" withAsterisk data-autofocus maxLength={ORG_LIMITS.name} {...f.getInputProps('name')} />}
      </FormDialog>
    </Grid>
  );
}
