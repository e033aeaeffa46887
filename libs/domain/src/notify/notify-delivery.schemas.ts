import { z } from 'zod';
import { isBlankFilter } from '../filters/list-filters';
import { recordIdSchema } from '../validation/fields';
import { checkDateRange, dateRangeFilterShape } from '../validation/eval-list.schemas';
import { pageQuerySchema } from '../validation/paging.schemas';

export const NotifyDeliveryMsg = {
  kindInvalid: '事件类型不正确',
  statusInvalid: '推送状态不正确',
  channelInvalid: '推送渠道不正确',
  notFound: '推送记录不存在或不在您的管理范围内',
  notResendable: '只有已送达或失败的回调推送可以重新推送',
  resent: '已重新推送',
} as const;

/** The events an organisation is notified of. */
export const NOTIFY_KINDS = ['batch.finished', 'batch.failed', 'revaluation.finished'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];
export const NOTIFY_KIND_LABELS: Readonly<Record<NotifyKind, string>> = {
  'batch.finished': '批量估价完成',
  'batch.failed': '批量估价失败',
  'revaluation.finished': '押品重估结束',
};

/**
 * pending: written, not yet queued; queued: being delivered (retries included); delivered, failed
 * (tries used up or the target refused) and skipped (the channel is not set up) are final.
 */
export const NOTIFY_STATUSES = ['pending', 'queued', 'delivered', 'failed', 'skipped'] as const;
export type NotifyStatus = (typeof NOTIFY_STATUSES)[number];
export const NOTIFY_STATUS_LABELS: Readonly<Record<NotifyStatus, string>> = {
  pending: '待推送',
  queued: '推送中',
  delivered: '已送达',
  failed: '失败',
  skipped: '未推送',
};

export const NOTIFY_CHANNELS = ['webhook', 'sms'] as const;
export type NotifyChannelName = (typeof NOTIFY_CHANNELS)[number];
export const NOTIFY_CHANNEL_LABELS: Readonly<Record<NotifyChannelName, string>> = { webhook: '回调', sms: '短信' };

/** Statuses a webhook delivery may be sent again from. */
export const NOTIFY_RESENDABLE: readonly NotifyStatus[] = ['delivered', 'failed'];

const blankToUndefined = (v: unknown) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { message }).optional());

/** GET api/notify/deliveries: event kind, status, channel, creation dates (yyyy/MM/dd) and the page. */
export const notifyDeliveryListQuerySchema = z
  .object({
    kind: optionalEnum(NOTIFY_KINDS, NotifyDeliveryMsg.kindInvalid),
    status: optionalEnum(NOTIFY_STATUSES, NotifyDeliveryMsg.statusInvalid),
    channel: optionalEnum(NOTIFY_CHANNELS, NotifyDeliveryMsg.channelInvalid),
    ...dateRangeFilterShape,
    ...pageQuerySchema().shape,
  })
  .superRefine(checkDateRange);
export type NotifyDeliveryListQuery = z.output<typeof notifyDeliveryListQuerySchema>;

/** POST api/notify/deliveries/resend (JSON or form): the id of the delivery to send again. */
export const notifyResendSchema = z.object({ id: recordIdSchema(NotifyDeliveryMsg.notFound, 'bigint') });
export type NotifyResendInput = z.output<typeof notifyResendSchema>;

/**
 * Why a delivery failed, in the words the delivery log shows: the delivery records the technical
 * reason (an HTTP status, a network error code); texts already in Chinese are kept.
 */
export function notifyErrorText(error: string | null): string | null {
  if (error === null) return null;
  const status = /webhook answered HTTP (\d{3})/.exec(error);
  if (status) return `回调地址应答 HTTP ${status[1]}`;
  if (/ENOTFOUND|EAI_AGAIN/.test(error)) return '回调地址的域名无法解析';
  if (/ECONNREFUSED/.test(error)) return '回调地址拒绝连接';
  if (/ECONNRESET|socket hang up/.test(error)) return '回调地址中断了连接';
  if (/no complete answer within/.test(error)) return '回调地址在5秒内没有完整应答';
  if (/private address/.test(error)) return '回调地址是本机或内网地址，不予投递';
  if (/not a URL|only http and https/.test(error)) return '回调地址不正确';
  const sms = /SMS provider answered HTTP (\d{3})/.exec(error);
  if (sms) return `短信服务应答 HTTP ${sms[1]}`;
  return /[\u4e00-\u9fff]/.test(error) ? error : `投递失败：${error}`;
}
