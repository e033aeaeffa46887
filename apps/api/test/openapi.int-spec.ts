import type { Express } from 'express';
import { z } from 'zod';
import { apiRoutes, type RouteInfo } from '../src/common/openapi';
import { startTestApi, type TestApi } from './test-api';

type Json = Record<string, unknown>;
interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema?: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses?: Record<string, { content?: Record<string, { schema: Json }> }>;
  'x-permission'?: { kind: string | null; anyOf?: { id: number; name: string | null }[] };
  security?: unknown[];
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

/** The object keys a zod schema takes as input (through pipes, defaults and refinements). */
function inputKeys(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  const defs = (json.$defs ?? {}) as Record<string, Json>;
  const target = typeof json.$ref === 'string' ? defs[json.$ref.replace('#/$defs/', '')] : json;
  return Object.keys((target.properties ?? {}) as Json);
}

describe('the API description at /api/docs', () => {
  let t: TestApi;
  let doc: Doc;
  let routes: RouteInfo[];

  const resolve = (schema: Json): Json =>
    typeof schema.$ref === 'string' ? resolve(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema;
  const operationOf = (r: Pick<RouteInfo, 'path' | 'method'>) => doc.paths[r.path]?.[r.method];

  beforeAll(async () => {
    t = await startTestApi();
    doc = (await t.http().get('/api/docs-json').expect(200)).body as Doc;
    routes = apiRoutes(t.app);
  }, 120_000);
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document, also served as a page', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const page = await t.http().get('/api/docs').redirects(1).expect(200);
    expect(page.text).toContain('swagger');
  });

  it('describes every route the server answers, with its method, access rule and answer', () => {
    const server = t.app.getHttpAdapter().getInstance() as Express & { router: { stack: { route?: { path: string; methods: Json } }[] } };
    const registered = server.router.stack
      // Middleware mounted on every path (the request logger) shows up as a wildcard route.
      .filter(
        (layer) =>
          layer.route &&
          layer.route.path.startsWith('/api/') &&
          !layer.route.path.startsWith('/api/docs') &&
          !layer.route.path.includes('*'),
      )
      .flatMap((layer) =>
        Object.keys(layer.route!.methods).map((method) => ({
          path: layer.route!.path.replace(/:(\w+)/g, '{$1}').replace(/\/$/, ''),
          method,
        })),
      );
    expect(registered.length).toBeGreaterThan(100);
    const undescribed: string[] = [];
    for (const r of registered) {
      const op = operationOf(r);
      const ok = op?.['x-permission']?.kind && op.responses?.['200']?.content && op.security;
      if (!ok) undescribed.push(`${r.method.toUpperCase()} ${r.path}`);
    }
    expect(undescribed).toEqual([]);
  });

  it('names the answer of every handler (a route without @Returns or @ReturnsFile fails here)', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.response).map((r) => `${r.controller}.${r.handlerName}`)).toEqual([]);
    for (const r of routes) {
      const ok = operationOf(r)!.responses!['200'].content!;
      if (r.response!.kind === 'file') {
        expect(Object.keys(ok)).toEqual([r.response!.contentType]);
        continue;
      }
      const envelope = ok['application/json'].schema as { properties: Record<string, Json>; required: string[] };
      expect(envelope.required).toEqual(['code', 'message', 'data']);
      const data = envelope.properties.data;
      // A described shape: a type, a reference or a constant, never an empty schema.
      expect(['type', '$ref', 'const', 'anyOf', 'oneOf', 'enum'].some((k) => k in data)).toBe(true);
    }
  });

  it('lists every query parameter and body field of the validation schemas, and the files of the upload routes', () => {
    const missing: string[] = [];
    for (const r of routes) {
      const op = operationOf(r)!;
      if (r.query) {
        const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        for (const key of inputKeys(r.query)) if (!names.includes(key)) missing.push(`${r.path} ?${key}`);
      }
      if (r.body || r.uploads) {
        const content = op.requestBody?.content ?? {};
        const types =
          r.uploads || r.body?.encoding === 'multipart'
            ? ['multipart/form-data']
            : ['application/x-www-form-urlencoded', 'application/json'];
        for (const type of types) {
          const props = Object.keys((resolve(content[type]?.schema ?? {}).properties ?? {}) as Json);
          for (const key of r.body ? inputKeys(r.body.schema) : []) if (!props.includes(key)) missing.push(`${r.path} ${type} ${key}`);
          for (const f of r.uploads?.files ?? []) if (!props.includes(f.name)) missing.push(`${r.path} file ${f.name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('says who may call each route: public, any logged-in caller, or the permission ids with their names', () => {
    const login = doc.paths['/api/login'].post;
    expect(login['x-permission']).toEqual({ kind: 'public' });
    expect(login.security).toEqual([]);
    const list = doc.paths['/api/artificial/list'].get;
    expect(list['x-permission']).toEqual({ kind: 'permission', anyOf: [{ id: 104, name: expect.any(String) }] });
    expect(list.security).toEqual([{ bearer: [] }]);
  });

  it('is enough to log in and to upload: fields, types, limits and the answer', () => {
    const login = doc.paths['/api/login'].post;
    const form = resolve(login.requestBody!.content['application/x-www-form-urlencoded'].schema);
    expect(Object.keys(form.properties as Json)).toEqual(expect.arrayContaining(['userName', 'password', 'captcha', 'identity']));
    const answer = login.responses!['200'].content!['application/json'].schema as { properties: { data: Json } };
    expect(Object.keys(resolve(answer.properties.data).properties as Json)).toEqual(expect.arrayContaining(['token', 'population']));

    const add = doc.paths['/api/artificial/add'].post;
    const multipart = add.requestBody!.content['multipart/form-data'].schema as { properties: Record<string, Json> };
    expect(multipart.properties.files).toMatchObject({ type: 'array', maxItems: 5, 'x-max-bytes': 31_457_280 });
    expect(multipart.properties).toHaveProperty('evalType');

    const list = doc.paths['/api/eval/list'].get;
    const page = list.parameters!.find((p) => p.name === 'pageIndex');
    expect(page).toMatchObject({ in: 'query', required: false });
  });

  it('answers what it describes', async () => {
    const token = await t.login('user', 'demouser');
    const checked: string[] = [];
    for (const path of [
      '/api/auth/user/login-user',
      '/api/auth/user/login-user/perms',
      '/api/auth/user/statistics',
      '/api/auth/user/login-user/balance',
      '/api/dict/list',
      '/api/business/list',
      '/api/eval-field/list',
      '/api/region/py',
      '/api/eval/list',
      '/api/artificial/list',
      '/api/batch/list',
      '/api/site-config/get',
    ]) {
      const route = routes.find((r) => r.path === path && r.method === 'get')!;
      const res = await t.http().get(path).set('Authorization', `Bearer ${token}`).expect(200);
      if (route.response?.kind !== 'json') throw new Error(`${path} answers JSON`);
      const parsed = route.response.data.safeParse(res.body.data);
      if (!parsed.success) throw new Error(`${path}: ${parsed.error.message}`);
      checked.push(path);
    }
    expect(checked).toHaveLength(12);
  });
});
