import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, DeepPartial, EntityManager } from 'typeorm';
import { OrganizationNotifySettingEntity } from '../entities';

/** Webhook settings of organisations. */
@Injectable()
export class NotifySettingRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  find(organizationId: number, tenantId: number): Promise<OrganizationNotifySettingEntity | null> {
    return this.ds.getRepository(OrganizationNotifySettingEntity).findOneBy({ organizationId, tenantId });
  }

  /** The setting locked until the transaction ends, or null. */
  lock(m: EntityManager, organizationId: number, tenantId: number): Promise<OrganizationNotifySettingEntity | null> {
    return m
      .getRepository(OrganizationNotifySettingEntity)
      .findOne({ where: { organizationId, tenantId }, lock: { mode: 'pessimistic_write' } });
  }

  save(m: EntityManager, row: DeepPartial<OrganizationNotifySettingEntity>): Promise<OrganizationNotifySettingEntity> {
    return m.getRepository(OrganizationNotifySettingEntity).save(row);
  }
}
