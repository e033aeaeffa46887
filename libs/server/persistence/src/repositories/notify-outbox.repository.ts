import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { pageOffset, type PageRequest } from '@valuation/contracts';
import { NotifyOutboxEntity, OrganizationEntity, OrganizationNotifySettingEntity } from '../entities';
import { rangeOrganizations, whereCreated, type CreatedWithin, type DataScope, type PageRows } from '../query';

export interface NotifyDeliveryFilter extends CreatedWithin {
  kind?: string;
  status?: string;
  channel?: string;
}

/** A delivery with the organisation it reports on and the webhook URL its setting holds now. */
export interface NotifyDeliveryListed {
  row: NotifyOutboxEntity;
  organizationName: string | null;
  webhookUrl: string | null;
}

/**
 * The delivery log of the notification outbox. A caller reads the rows of the organisations in its
 * range: a webhook row by the organisation whose setting it is sent to, an SMS row by the
 * organisation of its event.
 */
@Injectable()
export class NotifyOutboxRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private scoped(scope: DataScope, m: EntityManager = this.ds.manager): SelectQueryBuilder<NotifyOutboxEntity> {
    const qb = m.getRepository(NotifyOutboxEntity).createQueryBuilder('n').where('n.tenantId = :n_tenant', { n_tenant: scope.tenantId });
    const organizations = rangeOrganizations('COALESCE(n.settingOrganizationId, n.organizationId)', scope, 'n');
    return organizations ? qb.andWhere(organizations.sql, organizations.params) : qb.andWhere('FALSE');
  }

  async page(scope: DataScope, f: NotifyDeliveryFilter, page: PageRequest): Promise<PageRows<NotifyDeliveryListed>> {
    const qb = this.scoped(scope);
    if (f.kind) qb.andWhere('n.kind = :kind', { kind: f.kind });
    if (f.status) qb.andWhere('n.status = :status', { status: f.status });
    if (f.channel) qb.andWhere('n.channel = :channel', { channel: f.channel });
    whereCreated(qb, 'n', f);
    const listed = qb
      .clone()
      .leftJoin(OrganizationNotifySettingEntity, 's', 's.organizationId = n.settingOrganizationId AND s.tenantId = n.tenantId')
      .leftJoin(OrganizationEntity, 'o', 'o.id = n.organizationId AND o.tenantId = n.tenantId')
      .addSelect(['s.webhookUrl', 'o.name'])
      .orderBy('n.id', 'DESC')
      .offset(pageOffset(page))
      .limit(page.pageSize);
    const [total, { entities, raw }] = await Promise.all([qb.getCount(), listed.getRawAndEntities()]);
    const extra = new Map(raw.map((r: Record<string, string | null>) => [String(r.n_id), r]));
    const rows = entities.map((row) => {
      const r = extra.get(String(row.id)) ?? {};
      return { row, organizationName: r.o_name ?? null, webhookUrl: r.s_webhook_url ?? null };
    });
    return { rows, total };
  }

  /** The row when it is in the scope's range, locked until the transaction ends. */
  findInRange(m: EntityManager, scope: DataScope, id: string): Promise<NotifyOutboxEntity | null> {
    return this.scoped(scope, m).andWhere('n.id = :id', { id }).setLock('pessimistic_write').getOne();
  }

  /** Writes a pending copy of the row (same event, channel, target and payload) that the relay delivers; answers its id. */
  async copyForResend(m: EntityManager, id: string): Promise<string> {
    const [row]: { id: string }[] = await m.query(
      `INSERT INTO notify_outbox (tenant_id, organization_id, kind, channel, phone, setting_organization_id, payload, status, resend_of)
       SELECT tenant_id, organization_id, kind, channel, phone, setting_organization_id, payload, 'pending', id
         FROM notify_outbox WHERE id = $1
       RETURNING id::text AS id`,
      [id],
    );
    return row.id;
  }

  /** The URL the webhook setting of the organisation holds now; null without one. */
  async webhookUrl(m: EntityManager, tenantId: number, organizationId: number): Promise<string | null> {
    const setting = await m.getRepository(OrganizationNotifySettingEntity).findOneBy({ tenantId, organizationId });
    return setting?.webhookUrl ?? null;
  }
}
