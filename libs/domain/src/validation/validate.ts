import type { z } from 'zod';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; message: string; field: string; errors: Record<string, string> };

/**
 * Validates with a shared schema and reports the first failing rule in schema order
 * (the order in which the specifications check a form), plus one message per field.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  const first = parsed.error.issues[0];
  return { ok: false, message: first.message, field: first.path.map(String).join('.'), errors };
}
