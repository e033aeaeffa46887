import { type INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { z } from 'zod';
import { API_KEY_SCOPE_LABELS, IDEMPOTENCY_KEY_HEADER, IdempotencyMsg, PERMISSION_BY_ID, type ApiKeyScope } from '@valuation/domain';
import { ACCESS_KEY, type AccessRule } from './access.decorators';
import { keyScopeOf } from './key-scope.decorator';
import { BODY_KEY, RESPONSE_KEY, type BodyContract, type ResponseContract } from './api-contract';
import { UPLOADS_KEY, type UploadSpec } from './multipart';
import { ZodValidationPipe } from './zod-validation.pipe';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** One route of the API as the controllers declare it. */
export interface RouteInfo {
  controller: string;
  handlerName: string;
  /** `/api/...` in OpenAPI form. */
  path: string;
  method: string;
  access: AccessRule | undefined;
  response: ResponseContract | undefined;
  /** The query schema of the handler's validation pipe. */
  query: z.ZodType | undefined;
  /** The body schema: the validation pipe's, or the one the handler reads itself. */
  body: BodyContract | undefined;
  uploads: UploadSpec | undefined;
  /** The handler takes the raw request (and may read its body itself). */
  readsRequest: boolean;
  /** The scope an API key needs to call the route; undefined when keys may not. */
  keyScope: ApiKeyScope | undefined;
}

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
};

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s))
    .join('/')}`;

interface RouteArg {
  index: number;
  pipes?: unknown[];
}

/** Every route of the application with what its decorators and validation pipes say about it. */
export function apiRoutes(app: INestApplication, prefix = 'api'): RouteInfo[] {
  return discoverRoutes(app.get(DiscoveryService), app.get(MetadataScanner), app.get(Reflector), prefix);
}

/** {@link apiRoutes} for a provider, which has the discovery services injected instead of the application. */
export function discoverRoutes(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector, prefix = 'api'): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const metatype = wrapper.metatype as Type<unknown> | null;
    if (!metatype || !wrapper.instance) continue;
    const proto = Object.getPrototypeOf(wrapper.instance) as Record<string, unknown>;
    const base = [Reflect.getMetadata(PATH_METADATA, metatype) ?? ''].flat() as string[];
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = proto[name] as (...args: unknown[]) => unknown;
      const own = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (own === undefined) continue;
      const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod] ?? 'get';
      const args = Object.entries((Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<string, RouteArg>);
      const pipeSchema = (type: RouteParamtypes) =>
        args
          .filter(([key]) => key.split(':')[0] === String(type))
          .flatMap(([, arg]) => arg.pipes ?? [])
          .find((pipe): pipe is ZodValidationPipe<z.ZodType> => pipe instanceof ZodValidationPipe)?.schema;
      const bodySchema = pipeSchema(RouteParamtypes.BODY);
      const readsBody = Reflect.getMetadata(BODY_KEY, handler) as BodyContract | undefined;
      for (const b of base) {
        for (const o of [own].flat()) {
          routes.push({
            controller: metatype.name,
            handlerName: name,
            path: joinPath(prefix, b, o),
            method,
            access: reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [handler, metatype]),
            response: Reflect.getMetadata(RESPONSE_KEY, handler) as ResponseContract | undefined,
            query: pipeSchema(RouteParamtypes.QUERY),
            body: readsBody ?? (bodySchema ? { schema: bodySchema, encoding: 'form' } : undefined),
            uploads: Reflect.getMetadata(UPLOADS_KEY, handler) as UploadSpec | undefined,
            readsRequest: args.some(([key]) => key.split(':')[0] === String(RouteParamtypes.REQUEST)),
            keyScope: keyScopeOf(handler),
          });
        }
      }
    }
  }
  return routes;
}

/** The object schema inside wrappers (optional, default, a preprocessing pipe...), if there is one. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let current: z.ZodType | undefined = schema;
  for (let i = 0; current && i < 10; i++) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    const def = current._zod.def as { innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
    current = def.innerType ?? (def.in instanceof z.ZodTransform ? def.out : def.in);
  }
  return undefined;
}

/**
 * Which fields a caller must send: those the schema refuses when absent. Fields that are trimmed
 * or defaulted by preprocessing look required to the JSON schema conversion, so ask the schema.
 */
function markRequired(schema: z.ZodType, json: JsonSchema): void {
  const shape = objectShape(schema);
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (!shape || !properties) return;
  const required = Object.keys(properties).filter((key) => shape[key] && !shape[key].safeParse(undefined).success);
  if (required.length) json.required = required;
  else delete json.required;
  for (const [key, child] of Object.entries(properties)) if (shape[key]) markRequired(shape[key], child);
}

/** JSON schemas with their shared definitions collected under components.schemas. */
class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};
  private anonymous = 0;

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    if (io === 'input') markRequired(schema, json);
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    const names = new Map<string, string>();
    for (const key of Object.keys(defs)) {
      // Named schemas (meta id) are shared; anonymous ones (cycles) get a name of their own.
      const name = key.startsWith('__schema') ? `Schema${++this.anonymous}` : io === 'input' ? `${key}Input` : key;
      names.set(key, name);
    }
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (node && typeof node === 'object') {
        const out: JsonSchema = {};
        for (const [k, v] of Object.entries(node)) {
          if (k === '$schema' || k === '$defs') continue;
          // Bounds zod adds to every integer (the safe integer range) say nothing to a reader.
          if ((k === 'minimum' || k === 'maximum') && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
          out[k] =
            k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
              ? `#/components/schemas/${names.get(v.slice(8))}`
              : rewrite(v);
        }
        return out;
      }
      return node;
    };
    for (const [key, def] of Object.entries(defs)) this.components[names.get(key)!] = rewrite(def) as JsonSchema;
    return rewrite(json) as JsonSchema;
  }

  /** The properties of an object schema (following a reference), for query parameters and form fields. */
  properties(json: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
    const ref = typeof json.$ref === 'string' ? this.components[json.$ref.replace('#/components/schemas/', '')] : undefined;
    const target = ref ?? json;
    return {
      properties: (target.properties ?? {}) as Record<string, JsonSchema>,
      required: (target.required ?? []) as string[],
    };
  }
}

const ENVELOPE_DESCRIPTION = '应答 { code, message, data }：code 200 为成功，其他为错误（与 HTTP 状态相同），message 为中文说明。';

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    description: ENVELOPE_DESCRIPTION,
    properties: {
      code: { type: 'integer', const: 200 },
      message: { type: 'string', description: '成功时为 success（登录时为令牌）' },
      data,
      subCode: { type: 'integer', description: '部分应答的附加代码，例如 100：包年城市次数不足' },
    },
    required: ['code', 'message', 'data'],
  };
}

const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  properties: {
    code: { type: 'integer', description: '与 HTTP 状态相同' },
    message: { type: 'string', description: '中文错误说明，例如“请求参数不正确”' },
    data: { description: '校验失败时为 { field, errors }，其他错误一般为 null' },
    subCode: { type: 'integer' },
  },
  required: ['code', 'message', 'data'],
};

/** The optional Idempotency-Key header of every POST of a logged-in caller. */
const IDEMPOTENCY_PARAMETER: JsonSchema = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[\\x20-\\x7e]+$' },
  description:
    '幂等键（1–100 个可打印 ASCII 字符）：同一调用方以相同的键重试同一请求时，不再执行，直接返回首次的应答（含应答头 Idempotent-Replayed: true）；相同的键用于不同请求返回 422，首次请求尚在处理时返回 409。首次请求出现服务器错误时可用同一键重试。文件应答不保存。保留 24 小时。',
};

function permissionText(rule: AccessRule | undefined): string {
  if (!rule) return '';
  if (rule.kind === 'public') return '无需登录。';
  if (rule.kind === 'authenticated') return '需登录（任何已登录用户）。';
  const names = rule.anyOf.map((id) => `${id}（${PERMISSION_BY_ID.get(id)?.name ?? '权限'}）`);
  return `需登录并拥有权限：${names.join(' 或 ')}。`;
}

function fileField(field: UploadSpec['files'][number]): JsonSchema {
  const file = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };
  const limits = `至多 ${field.maxCount} 个，每个不超过 ${field.maxBytes} 字节${field.aliases?.length ? `；也可用字段名 ${field.aliases.join('、')}` : ''}`;
  const description = field.description ? `${field.description}（${limits}）` : limits;
  return field.maxCount === 1
    ? { ...file, description, 'x-max-bytes': field.maxBytes }
    : { type: 'array', items: file, maxItems: field.maxCount, description, 'x-max-bytes': field.maxBytes };
}

/**
 * The OpenAPI document of the API: paths and tags from Nest's scan, and for every route its access
 * rule, its query parameters and body (from the validation schemas and the declared uploads) and
 * its answer (from {@link Returns} / {@link ReturnsFile}).
 */
export function describeApi(app: INestApplication, document: OpenAPIObject): OpenAPIObject {
  const schemas = new SchemaCollector();
  const paths = document.paths as Record<string, Record<string, Operation>>;
  for (const route of apiRoutes(app)) {
    const operation: Operation = (paths[route.path] ??= {})[route.method] ?? {};
    paths[route.path][route.method] = operation;

    const permission = permissionText(route.access);
    operation.description = [operation.description, permission].filter(Boolean).join('\n\n');
    operation['x-permission'] =
      route.access?.kind === 'permission'
        ? { kind: 'permission', anyOf: route.access.anyOf.map((id) => ({ id, name: PERMISSION_BY_ID.get(id)?.name ?? null })) }
        : { kind: route.access?.kind ?? null };
    operation.security = route.access?.kind === 'public' ? [] : route.keyScope ? [{ bearer: [] }, { ApiKey: [] }] : [{ bearer: [] }];
    if (route.keyScope) {
      operation['x-api-key-scopes'] = [route.keyScope];
      operation.description = [
        operation.description,
        `也可用 API 密钥调用（需权限范围 ${route.keyScope}：${API_KEY_SCOPE_LABELS[route.keyScope]}）。`,
      ]
        .filter(Boolean)
        .join('\n\n');
    }

    const parameters: JsonSchema[] = [];
    if (route.query) {
      const { properties, required } = schemas.properties(schemas.convert(route.query, 'input'));
      for (const [name, schema] of Object.entries(properties)) {
        const { description, ...rest } = schema;
        parameters.push({ name, in: 'query', required: required.includes(name), schema: rest, ...(description ? { description } : {}) });
      }
    }
    if (route.method === 'post' && route.access?.kind !== 'public') parameters.push(IDEMPOTENCY_PARAMETER);
    operation.parameters = parameters;

    delete operation.requestBody;
    if (route.body || route.uploads) {
      const fields = route.body ? schemas.convert(route.body.schema, 'input') : { type: 'object', properties: {} };
      const { properties, required } = schemas.properties(fields);
      const content: Record<string, { schema: JsonSchema }> = {};
      const multipart = route.uploads !== undefined || route.body?.encoding === 'multipart';
      const files = Object.fromEntries((route.uploads?.files ?? []).map((f) => [f.name, fileField(f)]));
      if (multipart) {
        content['multipart/form-data'] = { schema: { type: 'object', properties: { ...properties, ...files }, required } };
      }
      if (!route.uploads) {
        content['application/x-www-form-urlencoded'] = { schema: fields };
        content['application/json'] = { schema: fields };
      }
      operation.requestBody = { required: true, content, ...(route.body?.description ? { description: route.body.description } : {}) };
    }

    const errors = {
      400: { description: '请求参数不正确（message 为具体原因）', content: { 'application/json': { schema: ERROR_ENVELOPE } } },
      ...(route.access?.kind === 'public'
        ? {}
        : {
            401: { description: '未登录或登录已失效', content: { 'application/json': { schema: ERROR_ENVELOPE } } },
            403: { description: '无权限', content: { 'application/json': { schema: ERROR_ENVELOPE } } },
          }),
      ...(route.method === 'post' && route.access?.kind !== 'public'
        ? {
            409: {
              description: `${IdempotencyMsg.inProgress}（带 Idempotency-Key 时）`,
              content: { 'application/json': { schema: ERROR_ENVELOPE } },
            },
            422: {
              description: `${IdempotencyMsg.reusedDifferently}（带 Idempotency-Key 时）`,
              content: { 'application/json': { schema: ERROR_ENVELOPE } },
            },
          }
        : {}),
    };
    const answer = route.response;
    operation.responses =
      answer?.kind === 'file'
        ? {
            200: { description: answer.description, content: { [answer.contentType]: { schema: { type: 'string', format: 'binary' } } } },
            ...errors,
          }
        : answer?.kind === 'json'
          ? {
              200: {
                description: answer.description ?? '成功',
                content: { 'application/json': { schema: envelope(schemas.convert(answer.data, 'output')) } },
              },
              ...errors,
            }
          : {};
  }
  document.components = {
    ...document.components,
    schemas: { ...(document.components?.schemas ?? {}), ...schemas.components },
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: '登录令牌；下载类接口也可用 Authorization 查询参数携带' },
      ApiKey: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Api-Key',
        description:
          'API 密钥（vk_ 开头），由客户管理员在「API密钥」页创建；也可用请求头 Authorization: ApiKey <密钥>。只有标有 x-api-key-scopes 的接口接受密钥，且密钥须有该权限范围；每个密钥另有每分钟调用限额（超出为 429）。',
      },
    },
  };
  return document;
}
