import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { NotifyOutboxEntity, OrganizationNotifySettingEntity, type NotifyOutboxStatus } from '@valuation/persistence';
import { postJson } from './json-post.client';
import { smsText } from './notify-text.builder';
import { SMS_SENDER, type SmsSender } from './sms.sender';
import { RefusedTargetError } from './webhook-target.guard';
import { signWebhook } from './webhook.signer';

/** Which try this is: attempt counts from 1; the last one records a failure on the row for good. */
export interface DeliveryAttempt {
  attempt: number;
  maxAttempts: number;
}

export interface DeliveryOutcome {
  /** Status of the row after this call; `unchanged` when it was already final or is unknown. */
  status: Extract<NotifyOutboxStatus, 'delivered' | 'skipped'> | 'unchanged';
  reason?: string;
}

/** A delivery that did not succeed; `final` when no further try will be made. */
export class NotifyDeliveryError extends Error {
  constructor(
    message: string,
    readonly final: boolean,
  ) {
    super(message);
    this.name = 'NotifyDeliveryError';
  }
}

const FINAL: readonly NotifyOutboxStatus[] = ['delivered', 'failed', 'skipped'];

/** A webhook that answered outside 2xx. */
class WebhookStatusError extends Error {
  constructor(readonly status: number) {
    super(`webhook answered HTTP ${status}`);
  }
}

/** What a test delivery to a webhook did. */
export interface WebhookTestOutcome {
  delivered: boolean;
  /** HTTP status of the answer; null when none came (refused target, timeout, network error). */
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** Body posted to an organisation's webhook. */
export interface WebhookBody {
  id: string;
  event: string;
  organizationId: number;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** Sends one outbox row on its channel and records the outcome on the row. */
@Injectable()
export class NotifyDeliveryService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(SMS_SENDER) private readonly sms: SmsSender | null = null,
  ) {}

  /**
   * Delivers the row once. Resolves when it is delivered or skipped (or was already final);
   * rejects with NotifyDeliveryError otherwise, after marking the row failed if `final`.
   */
  async deliver(outboxId: string, attempt: DeliveryAttempt): Promise<DeliveryOutcome> {
    const row = await this.ds.getRepository(NotifyOutboxEntity).findOne({ where: { id: outboxId } });
    if (!row || FINAL.includes(row.status)) return { status: 'unchanged' };
    try {
      const skipped = row.channel === 'sms' ? await this.sendSms(row) : await this.sendWebhook(row);
      if (skipped !== null) {
        await this.finish(row.id, 'skipped', attempt.attempt, skipped);
        return { status: 'skipped', reason: skipped };
      }
      await this.finish(row.id, 'delivered', attempt.attempt, null);
      return { status: 'delivered' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = error instanceof RefusedTargetError || attempt.attempt >= attempt.maxAttempts;
      if (final) {
        await this.finish(row.id, 'failed', attempt.attempt, message);
      } else {
        await this.ds.query(`UPDATE notify_outbox SET attempts = $2, last_error = $3, updated_at = now() WHERE id = $1`, [
          row.id,
          attempt.attempt,
          message.slice(0, 500),
        ]);
      }
      throw new NotifyDeliveryError(message, final);
    }
  }

  /** Sends the SMS; answers the reason when it is skipped. */
  private async sendSms(row: NotifyOutboxEntity): Promise<string | null> {
    if (!this.sms) return '短信未配置（SMS_PROVIDER_URL、SMS_API_KEY、SMS_SIGN）';
    if (!row.phone) return '没有手机号';
    const text = smsText(this.sms.sign, row.kind, row.payload);
    if (text === null) return `事件 ${row.kind} 没有短信内容`;
    await this.sms.send(row.phone, text);
    return null;
  }

  /** Posts the signed webhook; answers the reason when it is skipped. */
  private async sendWebhook(row: NotifyOutboxEntity): Promise<string | null> {
    const setting =
      row.settingOrganizationId === null
        ? null
        : await this.ds
            .getRepository(OrganizationNotifySettingEntity)
            .findOne({ where: { organizationId: row.settingOrganizationId, tenantId: row.tenantId } });
    if (!setting?.webhookUrl) return '回调地址已删除';
    if (!setting.webhookSecret) return '回调密钥未生成';
    await this.post(setting.webhookUrl, setting.webhookSecret, {
      id: row.id,
      event: row.kind,
      organizationId: row.organizationId,
      occurredAt: row.createdAt.toISOString(),
      data: row.payload,
    });
    return null;
  }

  /**
   * Posts a signed `test` event to an organisation's webhook the way real deliveries are posted,
   * without an outbox row, and answers what happened.
   */
  async sendTest(organizationId: number, webhookUrl: string, secret: string): Promise<WebhookTestOutcome> {
    const started = Date.now();
    try {
      const status = await this.post(webhookUrl, secret, {
        id: `test-${randomUUID()}`,
        event: 'test',
        organizationId,
        occurredAt: new Date().toISOString(),
        data: { message: '这是一条测试通知' },
      });
      return { delivered: true, status, error: null, durationMs: Date.now() - started };
    } catch (error) {
      const status = error instanceof WebhookStatusError ? error.status : null;
      return { delivered: false, status, error: testFailure(error), durationMs: Date.now() - started };
    }
  }

  /** Posts the signed body; answers the HTTP status, or throws unless it is 2xx. */
  private async post(url: string, secret: string, payload: WebhookBody): Promise<number> {
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await postJson(
      url,
      body,
      {
        'User-Agent': 'valuation-notify/1',
        'X-Valuation-Event': payload.event,
        'X-Valuation-Timestamp': timestamp,
        'X-Valuation-Signature': signWebhook(secret, timestamp, body),
      },
      { allowPrivate: this.config.NOTIFY_ALLOW_PRIVATE_TARGETS, timeoutMs: 5000 },
    );
    if (res.status < 200 || res.status >= 300) throw new WebhookStatusError(res.status);
    return res.status;
  }

  private async finish(id: string, status: NotifyOutboxStatus, attempts: number, reason: string | null): Promise<void> {
    await this.ds.query(
      `UPDATE notify_outbox SET status = $2, attempts = $3, last_error = $4, finished_at = now(), updated_at = now() WHERE id = $1`,
      [id, status, attempts, reason === null ? null : reason.slice(0, 500)],
    );
  }
}

/** Why a test delivery failed, in the words the settings screen shows. */
function testFailure(error: unknown): string {
  if (error instanceof WebhookStatusError) return `回调地址应答 HTTP ${error.status}`;
  if (error instanceof RefusedTargetError) return '回调地址是本机或内网地址，不予投递';
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return '回调地址的域名无法解析';
  if (code === 'ECONNREFUSED') return '回调地址拒绝连接';
  if (error instanceof Error && /no complete answer/.test(error.message)) return '回调地址在5秒内没有完整应答';
  return '无法连接回调地址';
}
