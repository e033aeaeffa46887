import type { z } from 'zod';
import type { Reply } from './api-error';

/**
 * What a handler answers and, where it reads the body itself, what it reads: the API description
 * (/api/docs) is generated from these and from the schemas of the validation pipes, and a test
 * fails for a route that declares no answer. {@link Returns} also makes the compiler check that
 * the handler returns what the schema describes.
 */
export const RESPONSE_KEY = 'api:response';
export const BODY_KEY = 'api:body';

export type ResponseContract =
  { kind: 'json'; data: z.ZodType; description?: string } | { kind: 'file'; contentType: string; description: string };

/** How a body the handler reads from the request itself is sent. */
export type BodyEncoding = 'form' | 'multipart';

export interface BodyContract {
  schema: z.ZodType;
  encoding: BodyEncoding;
  /** Notes a schema cannot carry (fields sent under other names, JSON text fields). */
  description?: string;
}

type Awaitable<T> = T | Promise<T>;
export type MethodDecoratorFor<R> = <F extends (...args: never[]) => Awaitable<R>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<F>,
) => void;

export function define<R>(key: string, value: unknown): MethodDecoratorFor<R> {
  return (_target, _key, descriptor) => {
    if (!descriptor.value) throw new Error('API contracts decorate methods');
    Reflect.defineMetadata(key, value, descriptor.value);
  };
}

/** The `data` of the JSON envelope the handler answers; the handler must return it (or a Reply of it). */
export function Returns<S extends z.ZodType>(data: S, description?: string): MethodDecoratorFor<z.output<S> | Reply<z.output<S>>> {
  return define(RESPONSE_KEY, { kind: 'json', data, description } satisfies ResponseContract);
}

/** The body of a handler that reads and validates `req.body` itself (multipart forms with JSON text fields). */
export function ReadsBody(schema: z.ZodType, encoding: BodyEncoding, description?: string): MethodDecoratorFor<unknown> {
  return define(BODY_KEY, { schema, encoding, description } satisfies BodyContract);
}
