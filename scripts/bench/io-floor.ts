/**
 * The IO floor of a quick valuation: a plain node:http server (no framework, no engine) doing per
 * request only the IO POST /api/eval/rapid cannot avoid, on the same tables: it reads the body, checks
 * the bearer token's HS256 signature, reads its session from Redis (the key the API reads), then runs
 * the API's own statement of a valuation (its own transaction): it takes one count from the caller's
 * packages, writes its ledger row and inserts a valuation record as large as a real one (a copy of
 * the record named by FLOOR_TEMPLATE_RECORD, with a new code); it answers the same envelope.
 *
 * Started by the valuation bench with FLOOR_PORT, FLOOR_PROCESSES, DATABASE_URL, DATABASE_POOL_SIZE,
 * REDIS_URL, REDIS_PREFIX, JWT_SECRET and FLOOR_TEMPLATE_RECORD; with FLOOR_PROCESSES above 1 it
 * forks that many processes sharing the port, as the API does with API_WORKERS.
 */
import cluster from 'node:cluster';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { root } from './bench-process';

const { businessToday, dateStamp } = require(path.join(root, 'dist/server/libs/domain/src')) as typeof import('@valuation/domain');
const core = require(path.join(root, 'dist/server/libs/server/core/src')) as typeof import('@valuation/core');

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const port = Number(env('FLOOR_PORT'));
const processes = Number(process.env.FLOOR_PROCESSES ?? '1');

/** A valuation record as the API's insert reads it (an object keyed by column), without its id and creation time. */
async function loadTemplate(pool: Pool, id: string): Promise<Record<string, unknown>> {
  const { rows } = await pool.query(`SELECT to_jsonb(r) - 'id' - 'created_at' AS row FROM eval_record r WHERE id = $1`, [id]);
  if (!rows.length) throw new Error(`valuation record ${id} not found`);
  return rows[0].row;
}

/** The API's own statement for a valuation: the count, its ledger row and the record of `columns` ($8, as JSON). */
function consumeStatement(columns: string[]): string {
  const names = columns.map((c) => `"${c}"`).join(', ');
  return core.consumeStatement(core.VALUATION_PACKAGE_MATCH, core.VALUATION_PACKAGE_ORDER, {
    table: 'eval_record',
    sql: `(${names}) SELECT ${names} FROM jsonb_populate_recordset(null::eval_record, $8::jsonb)`,
  });
}

/** The claims of an HS256 token signed with `key` and not expired, else null. */
function verifiedClaims(token: string, key: Buffer): { sid: string; sub: number; tid: number; pop: string } | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) return null;
  return typeof claims.sid === 'string' ? claims : null;
}

async function serve() {
  const pool = new Pool({ connectionString: env('DATABASE_URL'), max: Number(process.env.DATABASE_POOL_SIZE ?? '8') });
  const redis = new Redis(env('REDIS_URL'));
  const prefix = env('REDIS_PREFIX');
  const key = Buffer.from(env('JWT_SECRET'), 'utf8');
  const template = await loadTemplate(pool, env('FLOOR_TEMPLATE_RECORD'));
  const statement = consumeStatement(Object.keys(template));
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  };

  const value = async (req: http.IncomingMessage, raw: string): Promise<[number, unknown]> => {
    const header = req.headers.authorization;
    const claims = typeof header === 'string' && header.startsWith('Bearer ') ? verifiedClaims(header.slice(7), key) : null;
    if (!claims) return [401, { code: 401, message: '未登录', data: null }];
    const stored = await redis.get(`${prefix}:session:${claims.sid}`);
    const session = stored ? (JSON.parse(stored) as { pop: string; sub: number }) : null;
    if (!session || session.pop !== claims.pop || session.sub !== claims.sub) return [401, { code: 401, message: '未登录', data: null }];
    const body = JSON.parse(raw) as { cityCode?: string; [field: string]: unknown };
    const evalCode = `EV${dateStamp()}${Array.from({ length: 14 }, () => randomInt(10)).join('')}`;
    const record = {
      ...template,
      eval_code: evalCode,
      root_eval_code: evalCode,
      account_id: claims.sub,
      tenant_id: claims.tid,
      input: body,
    };
    const charged = await pool.query({
      name: 'consume-valuation-eval-record',
      text: statement,
      values: [claims.sub, claims.tid, body.cityCode ?? '', businessToday(), 'rapid', evalCode, claims.sub, JSON.stringify([record])],
    });
    if (!charged.rowCount) return [403, { code: 403, message: '估价次数不足', data: null }];
    return [200, { code: 200, message: 'success', data: { evalCode, state: 1 } }];
  };

  const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    if (req.method === 'GET' && req.url === '/ready') return answer(res, 200, { code: 200, message: 'success', data: null });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      value(req, Buffer.concat(chunks).toString('utf8')).then(
        ([status, body]) => answer(res, status, body),
        (err: Error) => answer(res, 500, { code: 500, message: err.message, data: null }),
      );
    });
  });
  server.listen(port, '127.0.0.1');
  const stop = () => {
    server.close();
    redis.disconnect();
    void pool.end().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
}

if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  });
} else {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
