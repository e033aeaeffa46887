import {
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_CHANNELS,
  NOTIFY_KIND_LABELS,
  NOTIFY_KINDS,
  NOTIFY_STATUS_LABELS,
  NOTIFY_STATUSES,
  type NotifyStatus,
} from '@valuation/domain';
import type { FilterField } from '@valuation/ui';

/** Page sizes of the delivery log. */
export const NOTIFY_DELIVERY_PAGE_SIZES = [10, 50, 100, 200] as const;

const ALL = { value: 'all', label: '全部' };

/** The filters of the delivery log: event, status, channel and the days the notifications were written. */
export const NOTIFY_DELIVERY_FIELDS: readonly FilterField[] = [
  {
    kind: 'select',
    key: 'kind',
    label: '事件',
    width: 150,
    options: [ALL, ...NOTIFY_KINDS.map((k) => ({ value: k, label: NOTIFY_KIND_LABELS[k] }))],
  },
  {
    kind: 'select',
    key: 'status',
    label: '推送状态',
    width: 120,
    options: [ALL, ...NOTIFY_STATUSES.map((s) => ({ value: s, label: NOTIFY_STATUS_LABELS[s] }))],
  },
  {
    kind: 'select',
    key: 'channel',
    label: '渠道',
    width: 100,
    options: [ALL, ...NOTIFY_CHANNELS.map((c) => ({ value: c, label: NOTIFY_CHANNEL_LABELS[c] }))],
  },
  { kind: 'dateRange', key: 'createTime', label: '推送时间', beginKey: 'beginDate', endKey: 'endDate' },
];

/** The query of api/notify/deliveries from the applied filters (blank ones already dropped). */
export function notifyDeliveryQuery(q: Readonly<Record<string, string>>): NotifyDeliveryFilters {
  return { kind: q.kind, status: q.status, channel: q.channel, beginDate: q.beginDate, endDate: q.endDate };
}

export interface NotifyDeliveryFilters {
  kind?: string;
  status?: string;
  channel?: string;
  beginDate?: string;
  endDate?: string;
}

/** The badge colour of each status. */
export const NOTIFY_STATUS_COLORS: Readonly<Record<NotifyStatus, string>> = {
  pending: 'gray',
  queued: 'blue',
  delivered: 'green',
  failed: 'red',
  skipped: 'yellow',
};
