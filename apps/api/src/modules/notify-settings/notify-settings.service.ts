import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { NotifySettingsSaved, NotifySettingsView, NotifyTestResult } from '@valuation/contracts';
import { NotifyDeliveryService } from '@valuation/core';
import {
  NotifySettingRepository,
  OrganizationRepository,
  UnitOfWork,
  type OrganizationEntity,
  type OrganizationNotifySettingEntity,
  type Transaction,
} from '@valuation/persistence';
import { ApiError } from '../../common/api-error';
import { AuditTrail } from '../auth/audit-trail.service';
import { dataScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { NotifySettingsMsg, type NotifySettingsSaveInput } from './dto/notify-settings.dto';

function preview(secret: string | null): string | null {
  return secret ? `${secret.slice(0, 4)}****` : null;
}

function view(organizationId: number, setting: OrganizationNotifySettingEntity | null): NotifySettingsView {
  return {
    organizationId,
    webhookUrl: setting?.webhookUrl ?? null,
    hasSecret: Boolean(setting?.webhookSecret),
    secretPreview: preview(setting?.webhookSecret ?? null),
  };
}

/**
 * A webhook address as the operation log shows it: scheme, host and path. User, password and query
 * may carry the receiver's credentials, so they are left out.
 */
export function loggedUrl(url: string | null): string {
  if (url === null) return '（无）';
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return '（无效地址）';
  }
}

function settingChange(orgName: string, before: string | null, after: string | null, newSecret: boolean): string {
  const address = before === after ? `回调地址 ${loggedUrl(after)}（未变）` : `回调地址 ${loggedUrl(before)} → ${loggedUrl(after)}`;
  return `${orgName}：${address}${newSecret ? '，生成新密钥' : ''}`;
}

/** Webhook settings of the organisations in the caller's own subtree. */
@Injectable()
export class NotifySettingsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly organizations: OrganizationRepository,
    private readonly settings: NotifySettingRepository,
    private readonly audit: AuditTrail,
    private readonly delivery: NotifyDeliveryService,
  ) {}

  async get(p: Principal, organizationId: number): Promise<NotifySettingsView> {
    const org = await this.manageable(p, organizationId);
    const setting = await this.settings.find(org.id, p.tenantId);
    return view(org.id, setting);
  }

  /**
   * Saves the URL; generates a secret when asked or when the organisation has none yet, and answers it
   * this once. A change goes to the operation log with the address before and after (never the secret).
   */
  async save(p: Principal, input: NotifySettingsSaveInput, ip: string | undefined): Promise<NotifySettingsSaved> {
    const { answer, change } = await this.uow.run(async (m) => {
      const org = await this.manageable(p, input.organizationId, m);
      const current = await this.settings.lock(m, org.id, p.tenantId);
      const webhookUrl = input.webhookUrl === '' ? null : input.webhookUrl;
      const generate = input.regenerateSecret || (webhookUrl !== null && !current?.webhookSecret);
      const secret = generate ? randomBytes(32).toString('hex') : null;
      const saved = await this.settings.save(m, {
        ...(current ?? { tenantId: p.tenantId, companyId: org.companyId, organizationId: org.id }),
        webhookUrl,
        webhookSecret: secret ?? current?.webhookSecret ?? null,
      });
      const before = current?.webhookUrl ?? null;
      const changed = before !== webhookUrl || secret !== null;
      return {
        answer: { ...view(org.id, saved), secret },
        change: changed ? settingChange(org.name, before, webhookUrl, secret !== null) : null,
      };
    });
    if (change) await this.audit.record(p, '修改回调设置', change, ip);
    return answer;
  }

  /** Posts a signed test event to the organisation's saved webhook and answers what happened. */
  async test(p: Principal, organizationId: number): Promise<NotifyTestResult> {
    const org = await this.manageable(p, organizationId);
    const setting = await this.settings.find(org.id, p.tenantId);
    if (!setting?.webhookUrl || !setting.webhookSecret) throw ApiError.badRequest(NotifySettingsMsg.noWebhook);
    return this.delivery.sendTest(org.id, setting.webhookUrl, setting.webhookSecret);
  }

  /** The organisation when it is the caller's own or below it in the same company; 404 otherwise. */
  private async manageable(p: Principal, organizationId: number, m?: Transaction): Promise<OrganizationEntity> {
    if (p.organizationId === null || p.companyId === null) throw ApiError.notFound(NotifySettingsMsg.notFound);
    const org = await this.organizations.findInRange(dataScope(p, 'subtree'), organizationId, m);
    if (!org) throw ApiError.notFound(NotifySettingsMsg.notFound);
    return org;
  }
}
