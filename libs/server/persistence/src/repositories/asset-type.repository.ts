import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { AssetEntity, AssetTypeEntity } from '../entities';
import type { PageRows } from '../query';

/** The company an asset type or asset belongs to. */
export interface AssetOwner {
  tenantId: number;
  companyId: number;
}

/** An asset type with the number of the company's assets given it. */
export interface AssetTypeRow {
  type: AssetTypeEntity;
  assetCount: number;
}

/** Asset types of customer companies. */
@Injectable()
export class AssetTypeRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The company's asset types, last updated first, each with its number of assets. */
  async page(owner: AssetOwner, page: PageRequest): Promise<PageRows<AssetTypeRow>> {
    const [rows, total] = await this.ds.getRepository(AssetTypeEntity).findAndCount({
      where: { tenantId: owner.tenantId, companyId: owner.companyId },
      order: { updatedAt: 'DESC', id: 'DESC' },
      skip: (page.pageIndex - 1) * page.pageSize,
      take: page.pageSize,
    });
    const counts = await this.assetCounts(
      owner,
      rows.map((r) => r.id),
    );
    return { rows: rows.map((type) => ({ type, assetCount: counts.get(type.id) ?? 0 })), total };
  }

  /** The company's asset types by name, for pickers and filters. */
  options(owner: AssetOwner): Promise<Pick<AssetTypeEntity, 'id' | 'name'>[]> {
    return this.ds.getRepository(AssetTypeEntity).find({
      select: { id: true, name: true },
      where: { tenantId: owner.tenantId, companyId: owner.companyId },
      order: { name: 'ASC', id: 'ASC' },
    });
  }

  /** An asset type of the company, locked for the change about to be made (or for an asset about to be given it). */
  findForChange(m: EntityManager, id: number, owner: AssetOwner): Promise<AssetTypeEntity | null> {
    return m.getRepository(AssetTypeEntity).findOne({
      where: { id, tenantId: owner.tenantId, companyId: owner.companyId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  insert(
    m: EntityManager,
    row: Pick<AssetTypeEntity, 'tenantId' | 'companyId' | 'name' | 'remark' | 'createdBy' | 'createName' | 'updatedBy' | 'updateName'>,
  ): Promise<AssetTypeEntity> {
    const repo = m.getRepository(AssetTypeEntity);
    return repo.save(repo.create(row));
  }

  save(m: EntityManager, row: AssetTypeEntity): Promise<AssetTypeEntity> {
    return m.getRepository(AssetTypeEntity).save(row);
  }

  /** Deletes the type; the company's assets that had it become untyped. Returns how many did. */
  async delete(m: EntityManager, id: number, owner: AssetOwner): Promise<number> {
    const untyped = await m
      .getRepository(AssetEntity)
      .createQueryBuilder()
      .update()
      .set({ assetTypeId: null })
      .where('tenantId = :tenantId AND companyId = :companyId AND assetTypeId = :id', { ...owner, id })
      .execute();
    await m.getRepository(AssetTypeEntity).delete({ id, tenantId: owner.tenantId, companyId: owner.companyId });
    return untyped.affected ?? 0;
  }

  /** How many of the company's assets have the type. */
  assetsOfType(m: EntityManager, id: number, owner: AssetOwner): Promise<number> {
    return m.getRepository(AssetEntity).countBy({ tenantId: owner.tenantId, companyId: owner.companyId, assetTypeId: id });
  }

  private async assetCounts(owner: AssetOwner, ids: readonly number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows: { id: number; n: string }[] = await this.ds
      .getRepository(AssetEntity)
      .createQueryBuilder('a')
      .select('a.assetTypeId', 'id')
      .addSelect('count(*)', 'n')
      .where('a.tenantId = :tenantId AND a.companyId = :companyId AND a.assetTypeId IN (:...ids)', { ...owner, ids })
      .groupBy('a.assetTypeId')
      .getRawMany();
    return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  }
}
