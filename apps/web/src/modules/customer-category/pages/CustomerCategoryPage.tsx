import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { PAGE_SIZES, type CustomerCategoryView } from '@valuation/contracts';
import {
  CUSTOMER_CATEGORY_LIMITS,
  customerCategoryAddSchema,
  customerCategoryEditSchema,
  CustomerCategoryMsg,
  Perm,
} from '@valuation/domain';
import { askConfirm, ListPage, type FilterField, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { NameRemarkDialog, type NameRemarkKind } from '../../../app/forms/NameRemarkDialog';
import type { NameRemarkTarget } from '../../../app/forms/name-remark-form';
import {
  useAddCustomerCategory,
  useCustomerCategoryPage,
  useDeleteCustomerCategory,
  useEditCustomerCategory,
} from '../api/customer-category-api';

/** The list has no filters, only its page. */
const NO_FILTERS: readonly FilterField[] = [];

const COLUMNS: TableColumn<CustomerCategoryView>[] = [
  { key: 'name', title: '类别名称', field: 'name', nowrap: true },
  { key: 'remark', title: '备注', field: 'remark' },
  { key: 'companyCount', title: '客户公司数', field: 'companyCount', align: 'right' },
  { key: 'updateTime', title: '更新时间', field: 'updateTime', nowrap: true },
  { key: 'updateName', title: '更新人', field: 'updateName', nowrap: true },
];

const CATEGORY_KIND: NameRemarkKind = {
  noun: '客户类别',
  nameLabel: '类别名称',
  namePlaceholder: '例如 银行',
  limits: CUSTOMER_CATEGORY_LIMITS,
  addSchema: customerCategoryAddSchema,
  editSchema: customerCategoryEditSchema,
  messages: CustomerCategoryMsg,
};

/** Route customerCategory (`/channel/customerCategory`, permission 70): the channel's categories of customer companies. */
export function CustomerCategoryPage() {
  const view = useListView('tenant', { fields: NO_FILTERS, pageSizes: PAGE_SIZES });
  const { state, granted } = view;
  const categories = useCustomerCategoryPage(state.pageIndex, state.pageSize);
  const remove = useDeleteCustomerCategory();
  const add = useAddCustomerCategory();
  const edit = useEditCustomerCategory();
  const [form, setForm] = useState<NameRemarkTarget | null>(null);
  const canAdd = granted.has(Perm.customerCategoryAdd);

  const actions = useMemo<RowAction<CustomerCategoryView>[]>(
    () => [
      {
        key: 'edit',
        label: '编辑',
        permission: Perm.customerCategoryEdit,
        onClick: (r) => setForm({ kind: 'edit', id: r.id, name: r.name, remark: r.remark }),
      },
      {
        key: 'delete',
        label: '删除',
        color: 'red',
        permission: Perm.customerCategoryDelete,
        busy: (r) => remove.isPending && remove.variables === r.id,
        onClick: async (r) => {
          const sure = await askConfirm({
            title: '删除客户类别',
            message: `您确认要删除客户类别「${r.name}」吗？`,
            confirmLabel: '删除',
            danger: true,
          });
          if (sure) remove.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: CustomerCategoryMsg.deleted }) });
        },
      },
    ],
    [remove],
  );

  return (
    <>
      <ListPage
        title="客户类别"
        headerActions={
          canAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ kind: 'add' })}>
              新增类别
            </Button>
          )
        }
        {...view}
        result={categories}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        emptyText="暂无数据"
        minWidth={760}
      />
      <NameRemarkDialog
        kind={CATEGORY_KIND}
        target={form}
        save={(v) => (v.id === undefined ? add.mutateAsync(v) : edit.mutateAsync({ ...v, id: v.id }))}
        onClose={() => setForm(null)}
      />
    </>
  );
}
