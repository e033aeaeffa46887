import type { Queue } from 'bullmq';
import type { QueueName } from '@valuation/contracts';
import { QUEUE_MAP } from '@valuation/queue';
import { startTestApi, type TestApi } from './test-api';

const TOKEN = 'metrics-token-0123456789';

/** The value of the sample `name{labels}` in a Prometheus text exposition. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /api/metrics', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.http().get('/api/metrics').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return res.text;
  };

  it('times requests by method, matched route pattern and status, never by raw URL', async () => {
    await t.http().get('/api/health?timestamp=1700000000000').expect(200);
    await t.http().get('/api/auth/user/login-user').expect(401);
    await t.http().get('/api/no/such/route/4711').expect(404);
    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/api/health",status="200"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count', 'route="/api/auth/user/login-user",status="401"')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', 'route="(unmatched)",status="404"')).toBe(1);
    expect(text).not.toContain('timestamp');
    expect(text).not.toContain('4711');
  });

  it('reports the jobs of every queue by state under the Redis prefix, read at each scrape', async () => {
    const prefix = t.config.REDIS_PREFIX;
    const labels = `queue="market-index",prefix="${prefix}"`;
    const before = await scrape();
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect(before).toContain(`# TYPE bullmq_queue_${state} gauge`);
      expect(sample(before, `bullmq_queue_${state}`, labels)).toBe(0);
    }
    expect(sample(before, 'bullmq_queue_waiting', `queue="batch",prefix="${prefix}"`)).toBeDefined();

    const queue = t.app.get<ReadonlyMap<QueueName, Queue>>(QUEUE_MAP).get('market-index')!;
    await queue.add('market.index.rebuild', {});
    await queue.add('market.index.rebuild', {}, { delay: 60_000 });
    const after = await scrape();
    expect(sample(after, 'bullmq_queue_waiting', labels)).toBe(1);
    expect(sample(after, 'bullmq_queue_delayed', labels)).toBe(1);
  });

  it('includes the process metrics, labelled with the kind of process', async () => {
    const text = await scrape();
    expect(sample(text, 'process_resident_memory_bytes', 'process="api"')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{process="api"\} /m);
    expect(text).toContain('nodejs_gc_duration_seconds');
  });

  it('answers only direct requests from private addresses, or any request with the token', async () => {
    const proxied = await t.http().get('/api/metrics').set('X-Forwarded-For', '203.0.113.9').expect(404);
    expect(proxied.body).toEqual({ code: 404, message: '请求的资源不存在', data: null });
    await t.http().get('/api/metrics').set('Forwarded', 'for=203.0.113.9').expect(404);
    await t
      .http()
      .get('/api/metrics')
      .set('X-Forwarded-For', '203.0.113.9')
      .set('Authorization', 'Bearer wrong-token-0123456789')
      .expect(404);
    const withToken = await t
      .http()
      .get('/api/metrics')
      .set('X-Forwarded-For', '203.0.113.9')
      .set('Authorization', `Bearer ${TOKEN}`)
      .expect(200);
    expect(withToken.text).toContain('bullmq_queue_waiting');
  });
});
