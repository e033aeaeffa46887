import { Anchor, Badge, Button, List, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { PAGE_SIZES, type CustomerDomainView } from '@valuation/contracts';
import { CUSTOMER_DOMAIN_STATE_LABELS, CustomerDomainMsg, Perm } from '@valuation/domain';
import { askConfirm, ListPage, type FilterField, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useCustomerDomains, useDeleteDomain } from '../api/customer-domain-api';
import { DomainFormModal } from '../components/DomainFormModal';
import type { DomainFormTarget } from '../model/domain-form';

/** The list has no filters, only its page. */
const NO_FILTERS: readonly FilterField[] = [];

const STATE_COLORS: Readonly<Record<CustomerDomainView['state'], string>> = { 1: 'blue', 2: 'green', 3: 'red' };

function StateBadge({ row }: { row: CustomerDomainView }) {
  const badge = (
    <Badge color={STATE_COLORS[row.state]} variant="light">
      {CUSTOMER_DOMAIN_STATE_LABELS[row.state]}
    </Badge>
  );
  return row.state === 3 && row.failReason ? (
    <Tooltip label={`失败原因：${row.failReason}`} multiline maw={320} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

const COLUMNS: TableColumn<CustomerDomainView>[] = [
  { key: 'companyName', title: '客户公司', field: 'companyName' },
  { key: 'categoryName', title: '客户类别', field: 'categoryName' },
  {
    key: 'domain',
    title: '估价网站域名',
    render: (r) =>
      r.state === 2 ? (
        <Anchor href={`//${r.domain}`} target="_blank" rel="noreferrer" size="sm">
          {r.domain}
        </Anchor>
      ) : (
        r.domain
      ),
  },
  { key: 'serverIp', title: '服务器IP', field: 'serverIp' },
  { key: 'state', title: '状态', render: (r) => <StateBadge row={r} /> },
  { key: 'updateTime', title: '更新时间', field: 'updateTime', nowrap: true },
];

/** Route customerDomain (`/channel/customerDomain`, permission 67): domain applications of the customer companies. */
export function CustomerDomainPage() {
  const view = useListView('tenant', { fields: NO_FILTERS, pageSizes: PAGE_SIZES });
  const { state, granted } = view;
  const domains = useCustomerDomains(state.pageIndex, state.pageSize);
  const remove = useDeleteDomain();
  const [form, setForm] = useState<DomainFormTarget | null>(null);
  const canApply = granted.has(Perm.customerDomainApply);

  const actions = useMemo<RowAction<CustomerDomainView>[]>(
    () => [
      { key: 'edit', label: '编辑', permission: Perm.customerDomainEdit, onClick: (r) => setForm({ kind: 'edit', row: r }) },
      {
        key: 'delete',
        label: '删除',
        color: 'red',
        permission: Perm.customerDomainDelete,
        busy: (r) => remove.isPending && remove.variables === r.id,
        onClick: async (r) => {
          const sure = await askConfirm({
            title: '删除域名',
            message: `确定要删除${r.companyName ? `「${r.companyName}」的` : ''}域名 ${r.domain} 吗？删除后通过该域名访问将不再展示客户公司的网站配置。`,
            confirmLabel: '删除',
            danger: true,
          });
          if (sure) remove.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: CustomerDomainMsg.deleted }) });
        },
      },
    ],
    [remove],
  );

  return (
    <>
      <ListPage
        title="域名申请"
        headerActions={
          canApply && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ kind: 'apply' })}>
              申请域名
            </Button>
          )
        }
        intro={
          <Stack gap={4} p="sm" bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text size="sm" fw={600}>
              申请说明
            </Text>
            <List size="sm" type="ordered" spacing={2}>
              <List.Item>
                为客户公司申请专属的估价网站域名，客户通过该域名访问时，登录页与系统展示该客户公司的网站配置（名称、LOGO、主题色）。
              </List.Item>
              <List.Item>域名填写如 val.example.com，不含 http(s)://、端口和路径；同一域名只可申请一次。</List.Item>
              <List.Item>申请提交后状态为“处理中”，平台处理完成后状态变为“已完成”并给出服务器IP，请将域名解析到该IP。</List.Item>
              <List.Item>修改域名后需重新处理；申请失败时可将鼠标移到状态上查看原因，修改域名后重新申请。</List.Item>
            </List>
          </Stack>
        }
        {...view}
        result={domains}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        emptyText={canApply ? '暂无域名申请，点击右上角“申请域名”提交' : '暂无域名申请'}
        minWidth={900}
      />
      <DomainFormModal target={form} onClose={() => setForm(null)} />
    </>
  );
}
