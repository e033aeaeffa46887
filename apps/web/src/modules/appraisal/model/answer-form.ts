import {
  AppraisalMsg,
  appraisalAnswerSchema,
  answerForKind,
  totalPriceFromInput,
  unitPriceOf,
  type AppraisalAnswer,
  type AppraisalCaseKind,
} from '@valuation/domain';

/** The answer as typed: the total in the unit users read (万元 for a sale, 元/月 for a rent), the unit price in 元/㎡ or 元/月/㎡. */
export interface AnswerFormValues {
  totalPrice: number | string;
  unitPrice: number | string;
  reply: string;
}

export const EMPTY_ANSWER: AnswerFormValues = { totalPrice: '', unitPrice: '', reply: '' };

/** The unit price the form proposes when the total (in the form's unit) changes: total in yuan / area, rounded to cents. */
export function proposedUnitPrice(totalPrice: number | string, area: number | null, evalType: number): number | '' {
  return unitPriceOf(totalPriceFromInput(totalPrice, evalType), area) ?? '';
}

export type AnswerErrors = Partial<Record<keyof AnswerFormValues, string>>;

const isBlank = (v: number | string) => String(v).trim() === '';

/**
 * Checks the form with the server's rules and messages, the total converted from the form's unit to
 * the yuan the API stores: the answer to send, or the message of every field that is wrong.
 */
export function checkAnswer(
  kind: AppraisalCaseKind,
  id: number,
  version: number,
  v: AnswerFormValues,
  evalType: number,
): { ok: true; answer: AppraisalAnswer } | { ok: false; errors: AnswerErrors } {
  const totalPrice = totalPriceFromInput(v.totalPrice, evalType) ?? v.totalPrice;
  const parsed = appraisalAnswerSchema.safeParse(
    kind === 'objection' ? { id, version, reply: v.reply } : { id, version, ...v, totalPrice },
  );
  const errors: AnswerErrors = {};
  if (kind !== 'objection') {
    if (isBlank(v.totalPrice)) errors.totalPrice = AppraisalMsg.totalPriceRequired;
    if (isBlank(v.unitPrice)) errors.unitPrice = AppraisalMsg.unitPriceRequired;
  }
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof AnswerFormValues;
    if (field in EMPTY_ANSWER && !errors[field]) errors[field] = issue.message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  const answer = answerForKind(kind, parsed.data);
  return answer.ok ? answer : { ok: false, errors: { totalPrice: answer.message } };
}
