import { z } from 'zod';
import { EVAL_FIELD_BY_KEY, type EvalFieldDefinition } from '../codes/eval-fields';

export const EvalFieldMsg = {
  saved: '保存成功',
  empty: '请至少提交一个字段',
  unknown: (key: string) => `字段「${key}」不存在`,
  fixed: (name: string) => `字段「${name}」为固定字段，不可修改`,
  displayFixed: (name: string) => `字段「${name}」只可调整是否必填`,
  duplicate: (name: string) => `字段「${name}」重复提交`,
} as const;

/** Labels of a field setting's values in the operation log. */
export const EVAL_FIELD_LOG_LABELS: Readonly<Record<string, string>> = { display: '是否填写', required: '是否必填' };

const flag = z.union([z.boolean(), z.literal([0, 1]).transform((n) => n === 1)]);

/** One row of POST api/eval-field/save and api/tenant/eval-field/save: the field (by key) and its display and required choice. */
export const evalFieldChangeSchema = z.object({
  fieldKey: z.string().trim().min(1).max(20),
  display: flag,
  required: flag,
});
export type EvalFieldChange = z.infer<typeof evalFieldChangeSchema>;

export const evalFieldSaveSchema = z.array(evalFieldChangeSchema).min(1, EvalFieldMsg.empty).max(100);
export type EvalFieldSave = z.infer<typeof evalFieldSaveSchema>;

/** A field's setting as it is stored: a hidden field is never required. */
export interface EvalFieldChoice {
  def: EvalFieldDefinition;
  display: boolean;
  required: boolean;
}

/**
 * Checks a save against the fields' entry types: a fixed field (0) cannot change, a field of type 2
 * changes only `required`. Returns the first problem's message, or the choices to store.
 */
export function checkEvalFieldSave(
  changes: readonly EvalFieldChange[],
  fields: ReadonlyMap<string, EvalFieldDefinition> = EVAL_FIELD_BY_KEY,
): { ok: true; choices: EvalFieldChoice[] } | { ok: false; message: string } {
  const seen = new Set<string>();
  const choices: EvalFieldChoice[] = [];
  for (const c of changes) {
    const def = fields.get(c.fieldKey);
    if (!def) return { ok: false, message: EvalFieldMsg.unknown(c.fieldKey) };
    if (seen.has(def.key)) return { ok: false, message: EvalFieldMsg.duplicate(def.fieldName) };
    seen.add(def.key);
    if (def.entryType === 0) {
      if (c.display !== def.display || c.required !== def.required) return { ok: false, message: EvalFieldMsg.fixed(def.fieldName) };
      continue;
    }
    if (def.entryType === 2 && c.display !== def.display) return { ok: false, message: EvalFieldMsg.displayFixed(def.fieldName) };
    choices.push({ def, display: c.display, required: c.display && c.required });
  }
  return { ok: true, choices };
}
