import { Badge, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { NotifyDeliveryView } from '@valuation/contracts';
import {
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_KIND_LABELS,
  NOTIFY_RESENDABLE,
  NOTIFY_STATUS_LABELS,
  Perm,
  type NotifyKind,
} from '@valuation/domain';
import { askConfirm, ListPage, type ListResult, type ListState, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { NOTIFY_STATUS_COLORS } from '../model/notify-delivery-list';

const kindLabel = (kind: string) => NOTIFY_KIND_LABELS[kind as NotifyKind] ?? kind;

const COLUMNS: readonly TableColumn<NotifyDeliveryView>[] = [
  { key: 'createTime', title: '推送时间', field: 'createTime', nowrap: true },
  {
    key: 'kind',
    title: '事件',
    nowrap: true,
    render: (d) => (
      <div>
        <Text size="sm">{kindLabel(d.kind)}</Text>
        <Text size="xs" c="dimmed">
          {d.resendOf === null ? `编号 ${d.id}` : `编号 ${d.id} · 重推自 ${d.resendOf}`}
        </Text>
      </div>
    ),
  },
  { key: 'channel', title: '渠道', nowrap: true, render: (d) => NOTIFY_CHANNEL_LABELS[d.channel] },
  { key: 'organization', title: '机构', nowrap: true, render: (d) => d.organizationName ?? '--' },
  { key: 'targetHost', title: '推送地址', nowrap: true, render: (d) => d.targetHost ?? '--' },
  {
    key: 'status',
    title: '状态',
    nowrap: true,
    render: (d) => {
      const badge = (
        <Badge color={NOTIFY_STATUS_COLORS[d.status]} variant="light" radius="sm">
          {NOTIFY_STATUS_LABELS[d.status]}
        </Badge>
      );
      return d.lastError ? (
        <Tooltip label={d.lastError} multiline maw={360} withArrow>
          {badge}
        </Tooltip>
      ) : (
        badge
      );
    },
  },
  { key: 'attempts', title: '尝试次数', field: 'attempts', align: 'right', nowrap: true },
  {
    key: 'lastError',
    title: '最近错误',
    render: (d) => (
      <Text size="sm" c={d.lastError ? 'red.7' : 'dimmed'} lineClamp={2}>
        {d.lastError ?? '--'}
      </Text>
    ),
  },
  { key: 'finishTime', title: '完成时间', nowrap: true, render: (d) => d.finishTime ?? '--' },
];

export interface NotifyDeliveryLogProps {
  state: ListState;
  granted?: ReadonlySet<number>;
  result: ListResult<NotifyDeliveryView>;
  resend: (id: number) => Promise<unknown>;
  /** The row being sent again. */
  resending: number | null;
}

/** 推送记录: the notifications of the managed organisations and how their delivery went; a finished webhook delivery can be sent again. */
export function NotifyDeliveryLog({ state, granted, result, resend, resending }: NotifyDeliveryLogProps) {
  const actions = useMemo<RowAction<NotifyDeliveryView>[]>(
    () => [
      {
        key: 'resend',
        label: '重新推送',
        permission: Perm.organisation,
        visible: (d) => d.channel === 'webhook' && NOTIFY_RESENDABLE.includes(d.status),
        busy: (d) => d.id === resending,
        onClick: (d) =>
          void (async () => {
            const sure = await askConfirm({
              title: '重新推送',
              message: `将“${kindLabel(d.kind)}”（编号 ${d.id}）重新推送到 ${d.targetHost ?? '当前回调地址'}？原记录保留，新推送单独记录。`,
              confirmLabel: '重新推送',
            });
            if (!sure) return;
            // A refusal is shown by the API client; only success is announced here.
            await resend(d.id).then(
              () => notifications.show({ color: 'green', message: '已重新推送' }),
              () => undefined,
            );
          })(),
      },
    ],
    [resend, resending],
  );
  return (
    <ListPage
      title="推送记录"
      state={state}
      granted={granted}
      result={result}
      columns={COLUMNS}
      rowKey={(d) => d.id}
      rowActions={actions}
      errorMessage="推送记录加载失败"
      emptyText="暂无推送记录"
      minWidth={1180}
    />
  );
}
