import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { TenantEntity } from '../entities';

@Injectable()
export class TenantRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  findById(id: number): Promise<TenantEntity | null> {
    return this.ds.getRepository(TenantEntity).findOneBy({ id });
  }

  findByCode(code: string): Promise<TenantEntity | null> {
    return this.ds.getRepository(TenantEntity).findOneBy({ code });
  }
}
