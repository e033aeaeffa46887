import type { DataSource } from 'typeorm';
import { OrganizationEntity } from '@valuation/persistence';
import type { Principal } from '../../common/principal';

/**
 * Organisation ids a customer account may see: its own organisation, or its own and every
 * subordinate one when it holds the "and subordinates" data-range permission.
 */
export async function visibleOrganizationIds(ds: DataSource, p: Principal, subordinatesPermission: number): Promise<number[]> {
  if (p.organizationId === null) return [];
  const own = await ds.getRepository(OrganizationEntity).findOneBy({ id: p.organizationId, tenantId: p.tenantId });
  if (!own) return [];
  if (!p.permissions.has(subordinatesPermission)) return [own.id];
  const rows: { id: number }[] = await ds.query(
    `SELECT id FROM organization WHERE tenant_id = $1 AND company_id = $2 AND path LIKE $3 AND status <> 3`,
    [p.tenantId, own.companyId, `${own.path}%`],
  );
  return rows.map((r) => r.id);
}
