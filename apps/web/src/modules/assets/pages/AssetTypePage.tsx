import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { PAGE_SIZES, type AssetTypeView } from '@valuation/contracts';
import { ASSET_TYPE_LIMITS, assetTypeAddSchema, assetTypeEditSchema, AssetTypeMsg, Perm, personLabel } from '@valuation/domain';
import { askConfirm, ListPage, type FilterField, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { NameRemarkDialog, type NameRemarkKind } from '../../../app/forms/NameRemarkDialog';
import type { NameRemarkTarget } from '../../../app/forms/name-remark-form';
import { useAddAssetType, useAssetTypePage, useDeleteAssetType, useEditAssetType } from '../api/assets-api';

/** The list has no filters, only its page. */
const NO_FILTERS: readonly FilterField[] = [];

const COLUMNS: TableColumn<AssetTypeView>[] = [
  { key: 'assetName', title: '资产类型名称', field: 'assetName', nowrap: true },
  { key: 'assetRemark', title: '备注', field: 'assetRemark' },
  { key: 'assetCount', title: '资产数', align: 'right', render: (r) => r.assetCount, nowrap: true },
  { key: 'createTime', title: '创建时间', field: 'createTime', nowrap: true },
  { key: 'creator', title: '创建人', render: (r) => personLabel(r.createBy, r.createName), nowrap: true },
  { key: 'updateTime', title: '更新时间', field: 'updateTime', nowrap: true },
  { key: 'updater', title: '更新人', render: (r) => personLabel(r.updateBy, r.updateName), nowrap: true },
];

const ASSET_TYPE_KIND: NameRemarkKind = {
  noun: '资产类型',
  nameLabel: '资产类型名称',
  namePlaceholder: '例如 住宅抵押',
  limits: ASSET_TYPE_LIMITS,
  addSchema: assetTypeAddSchema,
  editSchema: assetTypeEditSchema,
  messages: AssetTypeMsg,
};

/** Route assetType (`/org/assetType`, permission 15): the asset types of the user's company; adding needs 61. */
export function AssetTypePage() {
  const view = useListView('user', { fields: NO_FILTERS, pageSizes: PAGE_SIZES });
  const { state, granted } = view;
  const types = useAssetTypePage(state.pageIndex, state.pageSize);
  const remove = useDeleteAssetType();
  const add = useAddAssetType();
  const edit = useEditAssetType();
  const [form, setForm] = useState<NameRemarkTarget | null>(null);

  const actions = useMemo<RowAction<AssetTypeView>[]>(
    () => [
      { key: 'edit', label: '编辑', onClick: (r) => setForm({ kind: 'edit', id: r.id, name: r.assetName, remark: r.assetRemark }) },
      {
        key: 'delete',
        label: '删除',
        color: 'red',
        busy: (r) => remove.isPending && remove.variables === r.id,
        onClick: async (r) => {
          const sure = await askConfirm({ title: '删除资产类型', message: AssetTypeMsg.deleteConfirm, confirmLabel: '删除', danger: true });
          if (sure) remove.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: AssetTypeMsg.deleted }) });
        },
      },
    ],
    [remove],
  );

  return (
    <>
      <ListPage
        title="资产类型"
        headerActions={
          granted.has(Perm.assetTypeAdd) && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ kind: 'add' })}>
              新增资产类型
            </Button>
          )
        }
        {...view}
        result={types}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        emptyText="暂无数据"
        minWidth={960}
      />
      <NameRemarkDialog
        kind={ASSET_TYPE_KIND}
        target={form}
        save={(v) => (v.id === undefined ? add.mutateAsync(v) : edit.mutateAsync({ ...v, id: v.id }))}
        onClose={() => setForm(null)}
      />
    </>
  );
}
