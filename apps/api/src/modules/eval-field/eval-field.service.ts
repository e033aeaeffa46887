import { Injectable } from '@nestjs/common';
import {
  checkEvalFieldSave,
  EVAL_FIELDS,
  EvalFieldMsg,
  type EvalFieldDefinition,
  type EvalFieldSave,
  type FieldSetting,
  type RecordSnapshot,
} from '@valuation/domain';
import { EvalFieldSettingRepository, UnitOfWork, type EvalFieldSettingEntity } from '@valuation/persistence';
import type { EvalFieldItem } from '@valuation/contracts';
import { SETTINGS_TTL_MS, TtlCache } from '@valuation/core';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';

/**
 * Applies the most specific setting to a field: a fixed field (entryType 0) keeps its default;
 * a field whose display cannot change (entryType 2) takes only `required` from the setting.
 */
export function resolveEvalField(def: EvalFieldDefinition, setting: EvalFieldSettingEntity | undefined): EvalFieldItem {
  const base = { fieldName: def.fieldName, fieldKey: def.key, fieldType: def.fieldType, entryType: def.entryType };
  if (!setting || def.entryType === 0) return { id: null, ...base, display: def.display, required: def.required };
  const display = def.entryType === 2 ? def.display : setting.display;
  return { id: setting.id, ...base, display, required: display && setting.required };
}

/** Whose settings a save changes: the caller's company (organisation side) or the tenant (channel side). */
export type EvalFieldOwner = 'company' | 'tenant';

/** The settings as the operation log keeps them: each field's display and required choice. */
function snapshot(items: readonly EvalFieldItem[], keys: ReadonlySet<string>): RecordSnapshot {
  const out: Record<string, boolean> = {};
  for (const f of items) {
    if (!keys.has(f.fieldKey)) continue;
    out[`${f.fieldKey}.display`] = f.display;
    out[`${f.fieldKey}.required`] = f.required;
  }
  return out;
}

const LOG_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  EVAL_FIELDS.flatMap((f) => [
    [`${f.key}.display`, `${f.fieldName}是否填写`],
    [`${f.key}.required`, `${f.fieldName}是否必填`],
  ]),
);

/**
 * The valuation form's configurable fields: company, then tenant, then default. A save replaces
 * the owner's choices, writes its operation-log row in the same transaction and is applied to the
 * next valuation of this process at once.
 */
@Injectable()
export class EvalFieldService {
  private readonly resolved = new TtlCache<FieldSetting[]>(SETTINGS_TTL_MS);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly settings: EvalFieldSettingRepository,
    private readonly log: AdminLog,
  ) {}

  /** The settings that apply to the caller: its company's, else its tenant's, else the defaults. */
  async list(p: Principal): Promise<EvalFieldItem[]> {
    return this.resolve(await this.settings.forCompany(p.tenantId, p.companyId));
  }

  /** The settings the valuation check takes, cached per company and forgotten on every save. */
  forValuation(p: Principal): Promise<FieldSetting[]> {
    return this.resolved.get(`${p.tenantId}|${p.companyId}`, async () =>
      (await this.list(p)).map((s) => ({ key: s.fieldKey, display: s.display, required: s.required })),
    );
  }

  /** The settings the owner edits: for a company those that apply to it, for the tenant its own. */
  async listOwned(p: Principal, owner: EvalFieldOwner): Promise<EvalFieldItem[]> {
    return this.resolve(await this.settings.forCompany(p.tenantId, this.ownerCompany(p, owner)));
  }

  async save(p: Principal, owner: EvalFieldOwner, changes: EvalFieldSave, ip: string | undefined): Promise<Reply<EvalFieldItem[]>> {
    const checked = checkEvalFieldSave(changes);
    if (!checked.ok) throw ApiError.badRequest(checked.message);
    const companyId = this.ownerCompany(p, owner);
    const keys = new Set(changes.map((c) => c.fieldKey));
    const items = await this.uow.run(async (m) => {
      const owned = await this.settings.ownedForChange(m, p.tenantId, companyId);
      const before = this.resolve(await this.settings.forCompany(p.tenantId, companyId));
      const byKey = new Map(owned.map((r) => [r.fieldKey, r]));
      const rows = checked.choices.map((c) => {
        const row = byKey.get(c.def.key) ?? ({ tenantId: p.tenantId, companyId, fieldKey: c.def.key } as EvalFieldSettingEntity);
        row.display = c.display;
        row.required = c.required;
        return row;
      });
      if (rows.length) rows.splice(0, rows.length, ...(await this.settings.save(m, rows)));
      const saved = new Map(rows.map((r) => [r.fieldKey, r]));
      const after = before.map((f) => {
        const row = saved.get(f.fieldKey);
        return row ? { ...f, id: row.id, display: row.display, required: row.required } : f;
      });
      await this.log.write(m, p, ip, {
        action: owner === 'tenant' ? '修改渠道字段设置' : '修改字段设置',
        target: { type: 'eval_field_setting', id: companyId ?? `tenant:${p.tenantId}`, name: '估价字段设置' },
        before: snapshot(before, keys),
        after: snapshot(after, keys),
        labels: LOG_LABELS,
      });
      return after;
    });
    this.resolved.clear();
    return new Reply(items, EvalFieldMsg.saved);
  }

  private ownerCompany(p: Principal, owner: EvalFieldOwner): number | null {
    if (owner === 'tenant') return null;
    if (p.companyId === null) throw ApiError.forbidden('当前账号不属于任何公司');
    return p.companyId;
  }

  private resolve(rows: readonly EvalFieldSettingEntity[]): EvalFieldItem[] {
    const own = new Map(rows.filter((r) => r.companyId !== null).map((r) => [r.fieldKey, r]));
    const tenant = new Map(rows.filter((r) => r.companyId === null).map((r) => [r.fieldKey, r]));
    return EVAL_FIELDS.map((def) => resolveEvalField(def, own.get(def.key) ?? tenant.get(def.key)));
  }
}
