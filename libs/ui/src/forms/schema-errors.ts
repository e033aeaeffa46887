import type { z } from 'zod';

export interface FieldError {
  /** The field's path (`a.b`), or '' for a rule of the whole form. */
  field: string;
  message: string;
}

/**
 * Every rule a form breaks under a shared schema, one message per field, in the schema's order
 * (the order in which the specification checks the form); empty when the form is valid.
 */
export function schemaErrors(schema: z.ZodType, input: unknown): FieldError[] {
  const parsed = schema.safeParse(input);
  if (parsed.success) return [];
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issue.message });
  }
  return out;
}

/** The errors as a form library keeps them: message by field, in the same order. */
export function errorsByField(errors: readonly FieldError[]): Record<string, string> {
  return Object.fromEntries(errors.map((e) => [e.field || '_form', e.message]));
}
