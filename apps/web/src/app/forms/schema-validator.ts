import { validate } from '@valuation/domain';
import type { z } from 'zod';

/** A Mantine form `validate` function backed by a shared schema: one message per field. */
export function schemaValidator<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = validate(schema, values);
    return result.ok ? {} : result.errors;
  };
}
