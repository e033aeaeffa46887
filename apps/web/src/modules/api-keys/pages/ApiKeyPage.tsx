import { Badge, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { ApiKeyCreated, ApiKeyView } from '@valuation/contracts';
import { API_KEY_SCOPE_LABELS, API_KEY_STATE_LABELS, API_KEY_STATES, ApiKeyMsg, Perm, personLabel } from '@valuation/domain';
import { askConfirm, ListPage, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys-api';
import { ApiKeyAddDialog } from '../components/ApiKeyAddDialog';
import { ApiKeySecretModal } from '../components/ApiKeySecretModal';
import { API_KEY_FIELDS, API_KEY_PAGE_SIZES, apiKeyQuery } from '../model/api-key-list';

const COLUMNS: TableColumn<ApiKeyView>[] = [
  { key: 'name', title: '名称', field: 'name', nowrap: true },
  { key: 'prefix', title: '密钥前缀', render: (r) => <code>{r.prefix}</code>, nowrap: true },
  {
    key: 'scopes',
    title: '权限范围',
    render: (r) => (
      <Group gap={4} wrap="wrap" miw={110} maw={140}>
        {r.scopes.map((s) => (
          <Badge key={s} variant="light" radius="sm" size="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
            {API_KEY_SCOPE_LABELS[s]}
          </Badge>
        ))}
      </Group>
    ),
  },
  { key: 'rateLimitPerMinute', title: '每分钟限额', align: 'right', render: (r) => r.rateLimitPerMinute, nowrap: true },
  { key: 'creator', title: '创建人', render: (r) => personLabel(r.createBy, r.createName), nowrap: true },
  { key: 'createTime', title: '创建时间', field: 'createTime', nowrap: true },
  { key: 'lastUsedTime', title: '最近使用', render: (r) => r.lastUsedTime ?? '从未使用', nowrap: true },
  {
    key: 'state',
    title: '状态',
    render: (r) => (
      <Badge color={r.state === API_KEY_STATES.active ? 'green' : 'gray'} variant="light">
        {API_KEY_STATE_LABELS[r.state]}
      </Badge>
    ),
    nowrap: true,
  },
];

/** Route apiKeys (`/org/apiKeys`, permission 126): the API keys of the user's company; adding and revoking need 127. */
export function ApiKeyPage() {
  const view = useListView('user', { fields: API_KEY_FIELDS, pageSizes: API_KEY_PAGE_SIZES });
  const { state, granted } = view;
  const keys = useApiKeys(
    useMemo(() => apiKeyQuery(state.query, state.pageIndex, state.pageSize), [state.query, state.pageIndex, state.pageSize]),
  );
  const revoke = useRevokeApiKey();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const actions = useMemo<RowAction<ApiKeyView>[]>(
    () => [
      {
        key: 'revoke',
        label: '吊销',
        color: 'red',
        permission: Perm.apiKeyManage,
        visible: (r) => r.state === API_KEY_STATES.active,
        busy: (r) => revoke.isPending && revoke.variables === r.id,
        onClick: async (r) => {
          const sure = await askConfirm({
            title: `吊销API密钥「${r.name}」`,
            message: ApiKeyMsg.revokeConfirm,
            confirmLabel: '吊销',
            danger: true,
          });
          if (sure) revoke.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: ApiKeyMsg.revoked }) });
        },
      },
    ],
    [revoke],
  );

  return (
    <>
      <ListPage
        title="API密钥"
        headerActions={
          granted.has(Perm.apiKeyManage) && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              新增API密钥
            </Button>
          )
        }
        {...view}
        result={keys}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        emptyText="暂无数据"
        minWidth={940}
      />
      <ApiKeyAddDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={(c) => {
          setAdding(false);
          setCreated(c);
        }}
      />
      <ApiKeySecretModal created={created} onClose={() => setCreated(null)} />
    </>
  );
}
