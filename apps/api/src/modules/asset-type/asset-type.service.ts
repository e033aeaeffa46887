import { Injectable } from '@nestjs/common';
import { pagedList, type AssetTypeOption, type AssetTypeView, type Paged } from '@valuation/contracts';
import {
  ASSET_TYPE_LOG_LABELS,
  AssetTypeMsg,
  formatDateTime,
  type AssetTypeAdd,
  type AssetTypeEdit,
  type AssetTypeListQuery,
  type RecordSnapshot,
} from '@valuation/domain';
import { AssetTypeRepository, UnitOfWork, type AssetOwner, type AssetTypeEntity } from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { clip } from '../auth/audit-trail.service';

export function toAssetTypeView(t: AssetTypeEntity, assetCount: number): AssetTypeView {
  return {
    id: t.id,
    assetName: t.name,
    assetRemark: t.remark,
    assetCount,
    createTime: formatDateTime(t.createdAt),
    createBy: t.createdBy,
    createName: t.createName,
    updateTime: formatDateTime(t.updatedAt),
    updateBy: t.updatedBy,
    updateName: t.updateName,
  };
}

/** The fields of an asset type an administrator edits, as the operation log keeps them. */
const snapshot = (t: AssetTypeEntity): RecordSnapshot => ({ assetName: t.name, assetRemark: t.remark });

const target = (t: AssetTypeEntity) => ({ type: 'asset_type', id: t.id, name: t.name });

/** The caller's customer company; asset types belong to one, so a caller without one has none. */
export function assetOwner(p: Principal, notFound: string): AssetOwner {
  if (p.companyId === null) throw ApiError.notFound(notFound);
  return { tenantId: p.tenantId, companyId: p.companyId };
}

/**
 * Asset types of the caller's customer company. Every change writes its operation-log row in its
 * own transaction; deleting a type leaves the assets that had it untyped.
 */
@Injectable()
export class AssetTypeService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly types: AssetTypeRepository,
    private readonly log: AdminLog,
  ) {}

  async page(p: Principal, q: AssetTypeListQuery): Promise<Paged<AssetTypeView>> {
    const { rows, total } = await this.types.page(assetOwner(p, AssetTypeMsg.notFound), q);
    return pagedList(
      rows.map((r) => toAssetTypeView(r.type, r.assetCount)),
      total,
      q.pageIndex,
      q.pageSize,
    );
  }

  async options(p: Principal): Promise<AssetTypeOption[]> {
    if (p.companyId === null) return [];
    return (await this.types.options(assetOwner(p, AssetTypeMsg.notFound))).map((t) => ({ id: t.id, assetName: t.name }));
  }

  async add(p: Principal, input: AssetTypeAdd, ip: string | undefined): Promise<Reply<AssetTypeView>> {
    const owner = assetOwner(p, AssetTypeMsg.notFound);
    const row = await this.uow.run(async (m) => {
      const saved = await this.types.insert(m, {
        ...owner,
        name: input.name,
        remark: input.remark,
        createdBy: p.id,
        createName: clip(p.userName, 20),
        updatedBy: p.id,
        updateName: clip(p.userName, 20),
      });
      await this.log.write(m, p, ip, {
        action: '新增资产类型',
        target: target(saved),
        after: snapshot(saved),
        labels: ASSET_TYPE_LOG_LABELS,
      });
      return saved;
    });
    return new Reply(toAssetTypeView(row, 0), AssetTypeMsg.added);
  }

  async update(p: Principal, input: AssetTypeEdit, ip: string | undefined): Promise<Reply<AssetTypeView>> {
    const owner = assetOwner(p, AssetTypeMsg.notFound);
    const row = await this.uow.run(async (m) => {
      const found = await this.types.findForChange(m, input.id, owner);
      if (!found) throw ApiError.notFound(AssetTypeMsg.notFound);
      const before = snapshot(found);
      found.name = input.name;
      found.remark = input.remark;
      found.updatedBy = p.id;
      found.updateName = clip(p.userName, 20);
      const saved = await this.types.save(m, found);
      await this.log.write(m, p, ip, {
        action: '编辑资产类型',
        target: target(saved),
        before,
        after: snapshot(saved),
        labels: ASSET_TYPE_LOG_LABELS,
      });
      return { saved, assets: await this.types.assetsOfType(m, saved.id, owner) };
    });
    return new Reply(toAssetTypeView(row.saved, row.assets), AssetTypeMsg.edited);
  }

  /** Deletes the type and leaves its assets untyped, in one transaction with the log row. */
  async remove(p: Principal, id: number, ip: string | undefined): Promise<Reply<null>> {
    const owner = assetOwner(p, AssetTypeMsg.notFound);
    await this.uow.run(async (m) => {
      const found = await this.types.findForChange(m, id, owner);
      if (!found) throw ApiError.notFound(AssetTypeMsg.notFound);
      const untyped = await this.types.delete(m, found.id, owner);
      await this.log.write(m, p, ip, {
        action: '删除资产类型',
        target: { ...target(found), name: untyped > 0 ? `${found.name}（${untyped} 项资产改为无类型）` : found.name },
        before: snapshot(found),
        after: null,
        labels: ASSET_TYPE_LOG_LABELS,
      });
    });
    return new Reply(null, AssetTypeMsg.deleted);
  }
}
