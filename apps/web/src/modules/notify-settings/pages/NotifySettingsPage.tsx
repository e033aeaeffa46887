import { Select, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrgTreeNodeView } from '@valuation/contracts';
import { LoadError, PageSection } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useOrgTree } from '../../organization/api/organization-api';
import { useNotifyDeliveries, useNotifySettings, useResendNotify, useSaveNotifySettings, useTestNotify } from '../api/notify-settings-api';
import { NotifyDeliveryLog } from '../components/NotifyDeliveryLog';
import { NotifySettingsForm } from '../components/NotifySettingsForm';
import { NOTIFY_DELIVERY_FIELDS, NOTIFY_DELIVERY_PAGE_SIZES, notifyDeliveryQuery } from '../model/notify-delivery-list';

/** The tree as select options, each indented by its depth. */
function orgOptions(nodes: readonly OrgTreeNodeView[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((n) => [
    { value: String(n.id), label: `${'\u3000'.repeat(depth)}${n.name}` },
    ...orgOptions(n.children ?? [], depth + 1),
  ]);
}

/**
 * Route notifySettings (`/org/notifySettings`, permission 10, as the API): webhook notifications of
 * the caller's organisations, and below them the delivery log (推送记录) with its filters in the URL.
 */
export function NotifySettingsPage() {
  const tree = useOrgTree();
  const options = useMemo(() => orgOptions(tree.data ?? []), [tree.data]);
  const [chosen, setChosen] = useState<number | null>(null);
  const organizationId = chosen ?? (options[0] ? Number(options[0].value) : null);
  const setting = useNotifySettings(organizationId);
  const save = useSaveNotifySettings();
  const test = useTestNotify();
  const logView = useListView('user', { fields: NOTIFY_DELIVERY_FIELDS, pageSizes: NOTIFY_DELIVERY_PAGE_SIZES });
  const logQuery = useMemo(() => notifyDeliveryQuery(logView.state.query), [logView.state.query]);
  const deliveries = useNotifyDeliveries({ ...logQuery, pageIndex: logView.state.pageIndex, pageSize: logView.state.pageSize });
  const resend = useResendNotify();

  let body;
  if ((tree.isError && !tree.data) || (setting.isError && !setting.data))
    body = <LoadError message="通知设置加载失败" onRetry={() => void (tree.isError ? tree.refetch() : setting.refetch())} />;
  else if (!setting.data || organizationId === null)
    body = (
      <Stack gap="sm" maw={720}>
        <Skeleton h={60} />
        <Skeleton h={24} w={260} />
        <Skeleton h={36} w={320} />
      </Stack>
    );
  else
    body = (
      <NotifySettingsForm
        key={organizationId}
        setting={setting.data}
        save={async (v) => {
          const saved = await save.mutateAsync({ organizationId, ...v });
          notifications.show({ color: 'green', message: '保存成功' });
          return saved;
        }}
        test={() => test.mutateAsync(organizationId)}
      />
    );

  return (
    <Stack gap="lg">
      <PageSection
        title="通知设置"
        actions={
          <Select
            aria-label="机构"
            data={options}
            value={organizationId === null ? null : String(organizationId)}
            onChange={(v) => v && setChosen(Number(v))}
            searchable
            allowDeselect={false}
            w={240}
            placeholder="选择机构"
          />
        }
      >
        {body}
      </PageSection>
      <NotifyDeliveryLog
        state={logView.state}
        granted={logView.granted}
        result={deliveries}
        resend={resend.mutateAsync}
        resending={resend.isPending ? (resend.variables ?? null) : null}
      />
    </Stack>
  );
}
