import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { PAGE_SIZES, type BusinessView } from '@valuation/contracts';
import { BUSINESS_LIMITS, businessAddSchema, businessEditSchema, BusinessMsg, Perm, personLabel } from '@valuation/domain';
import { askConfirm, ListPage, type FilterField, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { NameRemarkDialog, type NameRemarkKind } from '../../../app/forms/NameRemarkDialog';
import type { NameRemarkTarget } from '../../../app/forms/name-remark-form';
import { useAddBusiness, useBusinessPage, useDeleteBusiness, useEditBusiness } from '../api/business-api';

/** The list has no filters, only its page. */
const NO_FILTERS: readonly FilterField[] = [];

const COLUMNS: TableColumn<BusinessView>[] = [
  { key: 'businessName', title: '业务名称', field: 'businessName', nowrap: true },
  { key: 'businessRemark', title: '备注', field: 'businessRemark' },
  { key: 'createTime', title: '创建时间', field: 'createTime', nowrap: true },
  { key: 'creator', title: '创建人', render: (r) => personLabel(r.createBy, r.createName), nowrap: true },
  { key: 'updateTime', title: '更新时间', field: 'updateTime', nowrap: true },
  { key: 'updater', title: '更新人', render: (r) => personLabel(r.updateBy, r.updateName), nowrap: true },
];

const BUSINESS_KIND: NameRemarkKind = {
  noun: '业务',
  nameLabel: '业务名称',
  namePlaceholder: '例如 按揭贷款',
  limits: BUSINESS_LIMITS,
  addSchema: businessAddSchema,
  editSchema: businessEditSchema,
  messages: BusinessMsg,
};

/** Route businessManage (`/org/businessManage`, permission 13): the business types of the user's company. */
export function BusinessManagePage() {
  const view = useListView('user', { fields: NO_FILTERS, pageSizes: PAGE_SIZES });
  const { state, granted } = view;
  const businesses = useBusinessPage(state.pageIndex, state.pageSize);
  const remove = useDeleteBusiness();
  const add = useAddBusiness();
  const edit = useEditBusiness();
  const [form, setForm] = useState<NameRemarkTarget | null>(null);
  const canAdd = granted.has(Perm.businessAdd);

  const actions = useMemo<RowAction<BusinessView>[]>(
    () => [
      {
        key: 'edit',
        label: '编辑',
        permission: Perm.businessEdit,
        onClick: (r) => setForm({ kind: 'edit', id: r.id, name: r.businessName, remark: r.businessRemark }),
      },
      {
        key: 'delete',
        label: '删除',
        color: 'red',
        permission: Perm.businessDelete,
        busy: (r) => remove.isPending && remove.variables === r.id,
        onClick: async (r) => {
          const sure = await askConfirm({
            title: '删除业务',
            message: `您确认要删除业务「${r.businessName}」吗？删除后为该业务设置的风险系数将随之失效。`,
            confirmLabel: '删除',
            danger: true,
          });
          if (sure) remove.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: BusinessMsg.deleted }) });
        },
      },
    ],
    [remove],
  );

  return (
    <>
      <ListPage
        title="业务管理"
        headerActions={
          canAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ kind: 'add' })}>
              新增业务
            </Button>
          )
        }
        {...view}
        result={businesses}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        emptyText="暂无数据"
        minWidth={900}
      />
      <NameRemarkDialog
        kind={BUSINESS_KIND}
        target={form}
        save={(v) => (v.id === undefined ? add.mutateAsync(v) : edit.mutateAsync({ ...v, id: v.id }))}
        onClose={() => setForm(null)}
      />
    </>
  );
}
