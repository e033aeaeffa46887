import { z } from 'zod';

/** Valuation methods a channel chooses for its customers' valuations. */
export const EVAL_METHODS = [
  { id: 1, name: '比较法', hint: '同小区及周边可比案例修正' },
  { id: 2, name: '多元回归法', hint: '仅用于小区自动估价' },
  { id: 3, name: '标准价调整法', hint: '仅用于住宅' },
  { id: 4, name: '区域均价法', hint: '所在区域的均价' },
] as const;
export type EvalMethodId = (typeof EVAL_METHODS)[number]['id'];

/** Confidence classes: the least number of comparable cases in the same community the comparison method needs. */
export const EVAL_CLASSES = [
  { id: 'A', name: 'A级', hint: '同小区至少 10 个可比案例' },
  { id: 'B', name: 'B级', hint: '同小区至少 3 个可比案例' },
  { id: 'C', name: 'C级', hint: '同小区至少 1 个可比案例（默认）' },
] as const;
export type EvalClass = (typeof EVAL_CLASSES)[number]['id'];

export const EvalMethodMsg = {
  saved: '保存成功',
  noMethod: '请至少选择一种评估方法！',
  comparisonFirst: '请先选择使用比较法！',
  classInvalid: '请选择可信度等级',
  notOwnTenant: '只能设置本渠道的估价方法',
} as const;

/** Labels of the settings in the operation log. */
export const EVAL_METHOD_LOG_LABELS: Readonly<Record<string, string>> = { evalFlags: '评估方法', evalClass: '可信度等级' };

const METHOD_IDS: readonly number[] = EVAL_METHODS.map((m) => m.id);

/** The stored comma list ("1,2,4") as method ids, in order; unknown parts are dropped. */
export function parseEvalFlags(text: string | null | undefined): EvalMethodId[] {
  const ids = new Set((text ?? '').split(',').map((s) => Number(s.trim())));
  return METHOD_IDS.filter((id) => ids.has(id)) as EvalMethodId[];
}

/**
 * POST api/org/tenant/updateevalclass: tenantId, evalFlags (comma list or array of 1-4) and
 * evalClass (A/B/C). At least one method; a class needs the comparison method, which it tunes.
 */
export const evalMethodUpdateSchema = z
  .object({
    tenantId: z.coerce.number().int().positive(),
    evalFlags: z.union([z.string(), z.array(z.coerce.number())]).transform((v) => parseEvalFlags(Array.isArray(v) ? v.join(',') : v)),
    evalClass: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.enum(['A', 'B', 'C', ''], { error: EvalMethodMsg.classInvalid }))
      .optional()
      .default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.evalFlags.length) ctx.addIssue({ code: 'custom', message: EvalMethodMsg.noMethod, path: ['evalFlags'] });
    else if (v.evalClass && !v.evalFlags.includes(1))
      ctx.addIssue({ code: 'custom', message: EvalMethodMsg.comparisonFirst, path: ['evalClass'] });
  });
export type EvalMethodUpdate = z.infer<typeof evalMethodUpdateSchema>;

export const evalMethodQuerySchema = z.object({ tenantId: z.coerce.number().int().positive() });
