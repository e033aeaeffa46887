import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { validate } from '@valuation/domain';
import { ApiError } from './api-error';

/** Validates a body or query with a schema of libs/domain: the same rules and messages as the form. */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  /** Also read by the API description (query parameters and bodies are described from it). */
  constructor(readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = validate(this.schema, value ?? {});
    if (!result.ok) throw ApiError.badRequest(result.message, { field: result.field, errors: result.errors });
    return result.value;
  }
}
