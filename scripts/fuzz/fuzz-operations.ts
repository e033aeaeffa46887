/** The operations of the OpenAPI description, reduced to what the fuzz needs to call them. */

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  'x-permission'?: { kind: string; anyOf?: { id: number }[] };
}

export type Population = 'user' | 'tenant';
export type BodyEncoding = 'form' | 'json' | 'multipart';

export interface Field {
  name: string;
  schema: JsonSchema;
  required: boolean;
  /** A file part of a multipart body. */
  file: boolean;
}

export interface Operation {
  id: string;
  method: string;
  /** `/api/...`, as the description writes it. */
  path: string;
  population: Population;
  /** public, authenticated or permission. */
  access: string;
  /** Permission ids of which the caller needs one. */
  permissions: number[];
  query: Field[];
  body: Field[];
  /** Encodings the body may come in, the usual one first; empty when the operation takes no body. */
  encodings: BodyEncoding[];
  /** A successful answer is a file (a spreadsheet, a PDF, an image, a page), not the JSON envelope. */
  answersFile: boolean;
  /** Names the operation's inputs go by (they may appear in a message). */
  names: string[];
}

const ENCODINGS: Record<string, BodyEncoding> = {
  'application/x-www-form-urlencoded': 'form',
  'application/json': 'json',
  'multipart/form-data': 'multipart',
};

/** The schema a `$ref` points at (one level; the description names its shared schemas). */
export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) return doc.components?.schemas?.[ref.slice(21)] ?? {};
  return schema;
}

function isFileSchema(schema: JsonSchema): boolean {
  if (schema.format === 'binary' || schema.contentMediaType !== undefined) return true;
  const items = schema.items as JsonSchema | undefined;
  return schema.type === 'array' && items !== undefined && (items.format === 'binary' || items.contentMediaType !== undefined);
}

/** Every operation of the description. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const query: Field[] = (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: resolveSchema(doc, p.schema), required: p.required === true, file: false }));
      const content = op.requestBody?.content ?? {};
      const encodings = Object.keys(content)
        .map((type) => ENCODINGS[type])
        .filter((e): e is BodyEncoding => e !== undefined);
      const bodySchema = resolveSchema(doc, Object.values(content)[0]?.schema);
      const required = new Set((bodySchema.required ?? []) as string[]);
      const body: Field[] = Object.entries((bodySchema.properties ?? {}) as Record<string, JsonSchema>).map(([name, s]) => {
        const schema = resolveSchema(doc, s);
        return { name, schema, required: required.has(name), file: isFileSchema(schema) };
      });
      const success = Object.keys(op.responses?.['200']?.content ?? {});
      const permission = op['x-permission'];
      operations.push({
        id: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        population: /\/tenant(\/|$)/i.test(path) ? 'tenant' : 'user',
        access: permission?.kind ?? 'public',
        permissions: (permission?.anyOf ?? []).map((p) => p.id),
        query,
        body,
        encodings,
        answersFile: success.length > 0 && !success.includes('application/json'),
        names: [...query, ...body].map((f) => f.name),
      });
    }
  }
  return operations;
}
