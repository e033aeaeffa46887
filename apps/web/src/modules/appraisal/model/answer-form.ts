import { appraisalAnswerSchema, answerForKind, unitPriceOf, type AppraisalAnswer, type AppraisalCaseKind } from '@valuation/domain';

export interface AnswerFormValues {
  totalPrice: number | string;
  unitPrice: number | string;
  reply: string;
}

export const EMPTY_ANSWER: AnswerFormValues = { totalPrice: '', unitPrice: '', reply: '' };

/** The unit price the form proposes when the total changes: total / area, rounded to cents. */
export function proposedUnitPrice(totalPrice: number | string, area: number | null): number | '' {
  const total = typeof totalPrice === 'number' ? totalPrice : totalPrice.trim() === '' ? NaN : Number(totalPrice);
  return unitPriceOf(Number.isFinite(total) ? total : null, area) ?? '';
}

/** Checks the form with the server's rules: the answer to send, or the message to show. */
export function checkAnswer(
  kind: AppraisalCaseKind,
  id: number,
  version: number,
  v: AnswerFormValues,
): { ok: true; answer: AppraisalAnswer } | { ok: false; message: string } {
  const parsed = appraisalAnswerSchema.safeParse(kind === 'objection' ? { id, version, reply: v.reply } : { id, version, ...v });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
  return answerForKind(kind, parsed.data);
}
