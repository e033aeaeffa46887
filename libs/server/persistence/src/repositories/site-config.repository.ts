import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource } from 'typeorm';
import { SiteConfigEntity } from '../entities';

/** Branding rows: a tenant's own (companyId null) and its customer companies'. */
@Injectable()
export class SiteConfigRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  find(tenantId: number, companyId: number | null): Promise<SiteConfigEntity | null> {
    return this.ds.getRepository(SiteConfigEntity).findOneBy({ tenantId, companyId: companyId ?? IsNull() });
  }
}
