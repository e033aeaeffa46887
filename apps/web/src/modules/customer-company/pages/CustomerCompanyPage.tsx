import { Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { CustomerCompanyView } from '@valuation/contracts';
import { CUSTOMER_COMPANY_PAGE_SIZES, CustomerCompanyMsg, Perm, revalChargeLabel } from '@valuation/domain';
import { askConfirm, ListPage, ShortText, type FilterField, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useCustomerCategoryOptions } from '../../customer-category/api/customer-category-api';
import { useCustomerCompanyPage, useDeleteCustomerCompany } from '../api/customer-company-api';
import { CompanyFormDrawer } from '../components/CompanyFormDrawer';
import type { CompanyFormTarget } from '../model/company-form';

const ALL = { value: 'all', label: '全部' };

/** Text columns cut to a length, the whole text on hover. */
const cut = (field: keyof CustomerCompanyView, max: number) => (row: CustomerCompanyView) => (
  <ShortText text={String(row[field] ?? '')} max={max} />
);

const COLUMNS: TableColumn<CustomerCompanyView>[] = [
  { key: 'name', title: '公司名称', render: cut('name', 10), nowrap: true },
  { key: 'provinceName', title: '省份', field: 'provinceName', nowrap: true },
  { key: 'cityName', title: '城市', field: 'cityName', nowrap: true },
  { key: 'address', title: '地址', render: cut('address', 10) },
  { key: 'categoryName', title: '类别', field: 'categoryName', nowrap: true },
  { key: 'contact', title: '联系人', render: cut('contact', 5), nowrap: true },
  { key: 'contactNumber', title: '电话', render: cut('contactNumber', 25) },
  { key: 'email', title: '邮箱', render: cut('email', 20) },
  { key: 'fax', title: '传真', render: cut('fax', 25) },
  { key: 'department', title: '部门', render: cut('department', 10) },
  { key: 'position', title: '职位', render: cut('position', 10) },
  {
    key: 'revalCharge',
    title: '押品重估计费',
    nowrap: true,
    render: (r) => (
      <Badge variant="light" color={r.revalCharge ? 'orange' : 'gray'} radius="sm">
        {revalChargeLabel(r.revalCharge)}
      </Badge>
    ),
  },
  { key: 'createTime', title: '添加时间', field: 'createTime', nowrap: true },
];

/** Route customerCompany (`/channel/customerCompany`, permission 66): the channel's customer companies. */
export function CustomerCompanyPage() {
  const categories = useCustomerCategoryOptions();
  const fields = useMemo<readonly FilterField[]>(
    () => [
      { kind: 'text', key: 'companyName', label: '公司名称', placeholder: '请输入公司名称', maxLength: 50, width: 170 },
      {
        kind: 'select',
        key: 'categoryId',
        label: '客户类型',
        width: 140,
        options: [ALL, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))],
      },
      { kind: 'region', key: 'region', label: '省份/城市', keys: { province: 'provinceCode', city: 'cityCode' }, width: 120 },
      { kind: 'text', key: 'contact', label: '联系人', placeholder: '请输入联系人', maxLength: 20, width: 130 },
    ],
    [categories.data],
  );
  const view = useListView('tenant', { fields, pageSizes: CUSTOMER_COMPANY_PAGE_SIZES, defaultPageSize: 20 });
  const { state, granted } = view;
  const companies = useCustomerCompanyPage(state.query, state.pageIndex, state.pageSize);
  const remove = useDeleteCustomerCompany();
  const [form, setForm] = useState<CompanyFormTarget | null>(null);
  const canAdd = granted.has(Perm.customerCompanyAdd);

  const actions = useMemo<RowAction<CustomerCompanyView>[]>(
    () => [
      { key: 'edit', label: '编辑', permission: Perm.customerCompanyEdit, onClick: (r) => setForm({ kind: 'edit', row: r }) },
      {
        key: 'delete',
        label: '删除',
        color: 'red',
        permission: Perm.customerCompanyDelete,
        busy: (r) => remove.isPending && remove.variables === r.id,
        onClick: async (r) => {
          const sure = await askConfirm({
            title: '删除客户公司',
            message: `您确认要删除客户公司「${r.name}」吗？`,
            confirmLabel: '删除',
            danger: true,
          });
          if (sure) remove.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: CustomerCompanyMsg.deleted }) });
        },
      },
    ],
    [remove],
  );

  return (
    <>
      <ListPage
        title="客户公司"
        headerActions={
          canAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ kind: 'add' })}>
              新增客户公司
            </Button>
          )
        }
        {...view}
        result={companies}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        emptyText="暂无数据"
        minWidth={1640}
      />
      <CompanyFormDrawer target={form} regionTree={view.regionTree} granted={granted} onClose={() => setForm(null)} />
    </>
  );
}
