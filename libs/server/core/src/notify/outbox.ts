import type { EntityManager } from 'typeorm';
import { OrganizationEntity, type NotifyChannel } from '@valuation/persistence';

export interface OutboxMessage {
  tenantId: number;
  organizationId: number;
  /** Event name, e.g. batch.finished. */
  kind: string;
  /** Mobile number to text; null when nobody asked for an SMS. */
  phone: string | null;
  payload: Record<string, unknown>;
}

/**
 * Organisation whose webhook applies to `organizationId`: itself or its nearest ancestor with a
 * webhook URL configured; null when none of them has one.
 */
export async function findWebhookOwner(m: EntityManager, tenantId: number, organizationId: number): Promise<number | null> {
  const organization = await m.findOne(OrganizationEntity, {
    where: { id: organizationId, tenantId },
    select: { id: true, path: true },
  });
  if (!organization) return null;
  const lineage = organization.path
    .split('/')
    .filter((part) => part !== '')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id !== organization.id);
  lineage.push(organization.id);
  const rows: { organization_id: number }[] = await m.query(
    `SELECT organization_id FROM organization_notify_setting
      WHERE tenant_id = $1 AND organization_id = ANY($2::int[]) AND webhook_url IS NOT NULL`,
    [tenantId, lineage],
  );
  const configured = new Set(rows.map((row) => row.organization_id));
  for (let i = lineage.length - 1; i >= 0; i -= 1) {
    if (configured.has(lineage[i])) return lineage[i];
  }
  return null;
}

/**
 * Writes the notification rows of one event in the caller's transaction: an sms row when a phone
 * is given, a webhook row when the organisation (or its nearest ancestor) has a webhook URL. The
 * worker relay picks them up once the transaction has committed.
 */
export async function addOutboxMessage(m: EntityManager, msg: OutboxMessage): Promise<void> {
  const rows: { channel: NotifyChannel; phone: string | null; settingOrganizationId: number | null }[] = [];
  const phone = msg.phone?.trim() ?? '';
  if (phone !== '') rows.push({ channel: 'sms', phone, settingOrganizationId: null });
  const owner = await findWebhookOwner(m, msg.tenantId, msg.organizationId);
  if (owner !== null) rows.push({ channel: 'webhook', phone: null, settingOrganizationId: owner });
  for (const row of rows) {
    await m.query(
      `INSERT INTO notify_outbox (tenant_id, organization_id, kind, channel, phone, setting_organization_id, payload, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, 'pending')`,
      [msg.tenantId, msg.organizationId, msg.kind, row.channel, row.phone, row.settingOrganizationId, JSON.stringify(msg.payload)],
    );
  }
}
