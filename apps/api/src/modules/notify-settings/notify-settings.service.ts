import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { OrganizationEntity, OrganizationNotifySettingEntity } from '@valuation/persistence';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import {
  NotifySettingsMsg,
  type NotifySettingsSaved,
  type NotifySettingsSaveInput,
  type NotifySettingsView,
} from './dto/notify-settings.dto';

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

/** Webhook settings of the organisations in the caller's own subtree. */
@Injectable()
export class NotifySettingsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async get(p: Principal, organizationId: number): Promise<NotifySettingsView> {
    const org = await this.manageable(this.ds.manager, p, organizationId);
    const setting = await this.ds
      .getRepository(OrganizationNotifySettingEntity)
      .findOneBy({ organizationId: org.id, tenantId: p.tenantId });
    return view(org.id, setting);
  }

  /** Saves the URL; generates a secret when asked or when the organisation has none yet, and answers it this once. */
  async save(p: Principal, input: NotifySettingsSaveInput): Promise<NotifySettingsSaved> {
    return this.ds.transaction(async (m) => {
      const org = await this.manageable(m, p, input.organizationId);
      const repo = m.getRepository(OrganizationNotifySettingEntity);
      const current = await repo.findOne({ where: { organizationId: org.id, tenantId: p.tenantId }, lock: { mode: 'pessimistic_write' } });
      const webhookUrl = input.webhookUrl === '' ? null : input.webhookUrl;
      const generate = input.regenerateSecret || (webhookUrl !== null && !current?.webhookSecret);
      const secret = generate ? randomBytes(32).toString('hex') : null;
      const saved = await repo.save({
        ...(current ?? { tenantId: p.tenantId, companyId: org.companyId, organizationId: org.id }),
        webhookUrl,
        webhookSecret: secret ?? current?.webhookSecret ?? null,
      });
      return { ...view(org.id, saved), secret };
    });
  }

  /** The organisation when it is the caller's own or below it in the same company; 404 otherwise. */
  private async manageable(m: EntityManager, p: Principal, organizationId: number): Promise<OrganizationEntity> {
    if (p.organizationId === null || p.companyId === null) throw ApiError.notFound(NotifySettingsMsg.notFound);
    const own = await m.getRepository(OrganizationEntity).findOneBy({ id: p.organizationId, tenantId: p.tenantId });
    if (!own) throw ApiError.notFound(NotifySettingsMsg.notFound);
    const org = await m
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .where('o.id = :id AND o.tenantId = :tenantId AND o.companyId = :companyId AND o.status <> 3', {
        id: organizationId,
        tenantId: p.tenantId,
        companyId: p.companyId,
      })
      .andWhere('o.path LIKE :prefix', { prefix: `${own.path}%` })
      .getOne();
    if (!org) throw ApiError.notFound(NotifySettingsMsg.notFound);
    return org;
  }
}
