import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource } from 'typeorm';
import { EvalFieldSettingEntity } from '../entities';

/** Settings of the valuation form's fields: a tenant's (companyId null) and its customer companies'. */
@Injectable()
export class EvalFieldSettingRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The tenant's settings and, with a company, the company's. */
  forCompany(tenantId: number, companyId: number | null): Promise<EvalFieldSettingEntity[]> {
    const tenant = { tenantId, companyId: IsNull() };
    return this.ds.getRepository(EvalFieldSettingEntity).find({ where: companyId === null ? [tenant] : [tenant, { tenantId, companyId }] });
  }
}
