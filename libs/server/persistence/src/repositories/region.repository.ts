import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { RegionEntity } from '../entities';

/** The GB/T 2260 region tree (reference data written by migrations). */
@Injectable()
export class RegionRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Every region, by code. */
  all(): Promise<RegionEntity[]> {
    return this.ds.getRepository(RegionEntity).find({ order: { code: 'ASC' } });
  }
}
