import { Injectable } from '@nestjs/common';
import { pagedList, type NotifyDeliveryView, type NotifyResendResult, type Paged } from '@valuation/contracts';
import {
  filterDayBounds,
  formatDateTime,
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_KIND_LABELS,
  NOTIFY_RESENDABLE,
  NotifyDeliveryMsg,
  notifyErrorText,
  type NotifyChannelName,
  type NotifyDeliveryListQuery,
  type NotifyKind,
} from '@valuation/domain';
import { NotifyOutboxRepository, UnitOfWork, type DataScope, type NotifyDeliveryListed } from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import { dataScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';

/** Host (and port) of a webhook URL; null when there is none or it does not parse. */
export function urlHost(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

function view({ row, organizationName, webhookUrl }: NotifyDeliveryListed): NotifyDeliveryView {
  return {
    id: Number(row.id),
    kind: row.kind,
    channel: row.channel,
    status: row.status,
    attempts: row.attempts,
    lastError: notifyErrorText(row.lastError),
    organizationId: row.organizationId,
    organizationName,
    targetHost: row.channel === 'webhook' ? urlHost(webhookUrl) : null,
    resendOf: row.resendOf === null ? null : Number(row.resendOf),
    createTime: formatDateTime(row.createdAt),
    finishTime: row.finishedAt ? formatDateTime(row.finishedAt) : null,
  };
}

/**
 * The delivery log of the notifications of the organisations whose settings the caller manages
 * (its own organisation and those below it), and sending a finished webhook delivery again.
 */
@Injectable()
export class NotifyDeliveriesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly outbox: NotifyOutboxRepository,
    private readonly log: AdminLog,
  ) {}

  async list(p: Principal, q: NotifyDeliveryListQuery): Promise<Paged<NotifyDeliveryView>> {
    const scope = managed(p);
    if (!scope) return pagedList([], 0, q.pageIndex, q.pageSize);
    const { rows, total } = await this.outbox.page(
      scope,
      { kind: q.kind, status: q.status, channel: q.channel, ...filterDayBounds(q.beginDate, q.endDate) },
      q,
    );
    return pagedList(rows.map(view), total, q.pageIndex, q.pageSize);
  }

  /**
   * Writes a new outbox row with the event of a delivered or failed webhook row (the original is
   * kept), logged in the same transaction; the worker's relay delivers it.
   */
  async resend(p: Principal, id: number, ip: string | undefined): Promise<Reply<NotifyResendResult>> {
    const scope = managed(p);
    if (!scope) throw ApiError.notFound(NotifyDeliveryMsg.notFound);
    const newId = await this.uow.run(async (m) => {
      const original = await this.outbox.findInRange(m, scope, String(id));
      if (!original) throw ApiError.notFound(NotifyDeliveryMsg.notFound);
      if (original.channel !== 'webhook' || !NOTIFY_RESENDABLE.includes(original.status)) {
        throw ApiError.badRequest(NotifyDeliveryMsg.notResendable);
      }
      const copy = await this.outbox.copyForResend(m, original.id);
      const target =
        original.settingOrganizationId === null
          ? null
          : urlHost(await this.outbox.webhookUrl(m, original.tenantId, original.settingOrganizationId));
      await this.log.write(m, p, ip, {
        action: '重新推送通知',
        target: { type: 'notify-outbox', id: copy, name: `推送记录${original.id}` },
        after: {
          kind: NOTIFY_KIND_LABELS[original.kind as NotifyKind] ?? original.kind,
          channel: NOTIFY_CHANNEL_LABELS[original.channel as NotifyChannelName],
          target: target ?? '（无）',
          resendOf: original.id,
        },
        labels: { kind: '事件', channel: '渠道', target: '推送地址', resendOf: '原推送记录' },
      });
      return copy;
    });
    return new Reply({ id: Number(newId) }, NotifyDeliveryMsg.resent);
  }
}

/** The range of organisations whose settings the caller manages; null for a caller outside a company. */
function managed(p: Principal): DataScope | null {
  if (p.organizationId === null || p.companyId === null) return null;
  return dataScope(p, 'subtree');
}
