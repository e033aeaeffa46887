import { Injectable } from '@nestjs/common';
import { EVAL_FIELDS, type EvalFieldDefinition } from '@valuation/domain';
import { EvalFieldSettingRepository, type EvalFieldSettingEntity } from '@valuation/persistence';
import type { EvalFieldItem } from '@valuation/contracts';
import type { Principal } from '../../common/principal';

/**
 * Applies the most specific setting to a field: a fixed field (entryType 0) keeps its default;
 * a field whose display cannot change (entryType 2) takes only `required` from the setting.
 */
export function resolveEvalField(def: EvalFieldDefinition, setting: EvalFieldSettingEntity | undefined): EvalFieldItem {
  const base = { fieldName: def.fieldName, fieldKey: def.key, fieldType: def.fieldType, entryType: def.entryType };
  if (!setting || def.entryType === 0) return { id: null, ...base, display: def.display, required: def.required };
  return {
    id: setting.id,
    ...base,
    display: def.entryType === 2 ? def.display : setting.display,
    required: setting.required,
  };
}

/** The valuation form's configurable fields as they apply to the caller: company, then tenant, then default. */
@Injectable()
export class EvalFieldService {
  constructor(private readonly settings: EvalFieldSettingRepository) {}

  async list(p: Principal): Promise<EvalFieldItem[]> {
    const rows = await this.settings.forCompany(p.tenantId, p.companyId);
    const own = new Map(rows.filter((r) => r.companyId !== null).map((r) => [r.fieldKey, r]));
    const tenant = new Map(rows.filter((r) => r.companyId === null).map((r) => [r.fieldKey, r]));
    return EVAL_FIELDS.map((def) => resolveEvalField(def, own.get(def.key) ?? tenant.get(def.key)));
  }
}
