import { Anchor, Badge, Button, Group, List, Stack, Text, Tooltip } from '@mantine/core';
import { PAGE_SIZES, type CustomerDomainView } from '@valuation/contracts';
import { CUSTOMER_DOMAIN_STATE_LABELS, Perm } from '@valuation/domain';
import { LoadError, PagedTable, PageSection, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { useCustomerDomains } from '../api/customer-domain-api';
import { DeleteDomainModal } from '../components/DeleteDomainModal';
import { DomainFormModal } from '../components/DomainFormModal';
import type { DomainFormTarget } from '../model/domain-form';

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

/** Route customerDomain (`/channel/customerDomain`, permission 67): domain applications of the customer companies. */
export function CustomerDomainPage() {
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [form, setForm] = useState<DomainFormTarget | null>(null);
  const [deleting, setDeleting] = useState<CustomerDomainView | null>(null);
  const domains = useCustomerDomains(pageIndex, pageSize);
  const { granted } = useGrantedPermissions('tenant');
  const canApply = granted.has(Perm.customerDomainApply);
  const canEdit = granted.has(Perm.customerDomainEdit);
  const canDelete = granted.has(Perm.customerDomainDelete);

  const columns = useMemo(() => {
    const list: TableColumn<CustomerDomainView>[] = [
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
      { key: 'updateTime', title: '更新时间', field: 'updateTime', width: 170 },
    ];
    if (canEdit || canDelete) {
      list.push({
        key: 'actions',
        title: '操作',
        width: 130,
        render: (r) => (
          <Group gap="xs" wrap="nowrap">
            {canEdit && (
              <Button size="compact-sm" variant="subtle" onClick={() => setForm({ kind: 'edit', row: r })}>
                编辑
              </Button>
            )}
            {canDelete && (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(r)}>
                删除
              </Button>
            )}
          </Group>
        ),
      });
    }
    return list;
  }, [canEdit, canDelete]);

  return (
    <Stack gap="lg">
      <PageSection title="域名申请" actions={canApply && <Button onClick={() => setForm({ kind: 'apply' })}>申请域名</Button>}>
        <Stack gap="md">
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
          {domains.isError && !domains.data ? (
            <LoadError onRetry={() => void domains.refetch()} />
          ) : (
            <PagedTable
              columns={columns}
              rows={domains.data?.list}
              rowKey={(r) => r.id}
              loading={domains.isLoading}
              fetching={domains.isFetching && !domains.isLoading}
              page={pageIndex}
              pageSize={pageSize}
              total={domains.data?.total ?? 0}
              pageSizes={PAGE_SIZES}
              onPageChange={setPageIndex}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPageIndex(1);
              }}
              emptyText={canApply ? '暂无域名申请，点击右上角“申请域名”提交' : '暂无域名申请'}
              minWidth={900}
            />
          )}
        </Stack>
      </PageSection>
      <DomainFormModal target={form} onClose={() => setForm(null)} />
      <DeleteDomainModal row={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
