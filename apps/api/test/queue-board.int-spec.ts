import { Worker, type Queue } from 'bullmq';
import type { QueueName } from '@valuation/contracts';
import { QUEUE_MAP } from '@valuation/queue';
import { startTestApi, type TestApi } from './test-api';

const USER = 'ops';
const PASSWORD = 'ops-password-0123456789';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('queue dashboard for platform operators', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ OPS_USER: USER, OPS_PASSWORD: PASSWORD });
  });
  afterAll(() => t.close());

  const queue = (name: QueueName) => t.app.get<ReadonlyMap<QueueName, Queue>>(QUEUE_MAP).get(name)!;

  it('asks for the operator login, and refuses anyone else', async () => {
    const anonymous = await t.http().get('/api/ops/queues').expect(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic realm="queues"/);
    expect(anonymous.body).toEqual({ code: 401, message: '登录已失效，请重新登录', data: null });
    await t.http().get('/api/ops/queues').set('Authorization', basic(USER, 'ops-password-012345678')).expect(401);
    await t.http().get('/api/ops/queues').set('Authorization', basic('admin', PASSWORD)).expect(401);
    await t.http().get('/api/ops/queues/api/queues').set('Authorization', 'Bearer anything').expect(401);
    // A customer's session is not an operator login either.
    const session = await t.login('user', 'demoadmin');
    await t.http().get('/api/ops/queues/api/queues').set('Authorization', `Bearer ${session}`).expect(401);
  });

  it('shows every queue to the operator', async () => {
    const page = await t.http().get('/api/ops/queues').set('Authorization', basic(USER, PASSWORD)).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const res = await t.http().get('/api/ops/queues/api/queues').set('Authorization', basic(USER, PASSWORD)).expect(200);
    const names = (res.body as { queues: { name: string }[] }).queues.map((q) => q.name);
    for (const name of ['batch', 'report', 'audit', 'notify', 'market-index']) expect(names).toContain(name);
  });

  it('retries a failed job from the board and logs the change as the operator', async () => {
    const index = queue('market-index');
    await index.add('market.rebuild-index', {}, { attempts: 1 });
    // Takes the job by hand as a worker would and fails it.
    const worker = new Worker(index.name, null, { connection: index.opts.connection, prefix: index.opts.prefix });
    const taken = await worker.getNextJob('test-token');
    await taken!.moveToFailed(new Error('disk full'), 'test-token');
    await worker.close();
    expect(await index.getJobCountByTypes('failed')).toBe(1);
    const audit = queue('audit');
    const auditBefore = await audit.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed');

    await t.http().put('/api/ops/queues/api/queues/market-index/retry/failed').set('Authorization', basic(USER, PASSWORD)).expect(200);

    expect(await index.getJobCountByTypes('failed')).toBe(0);
    expect(await index.getJobCountByTypes('waiting')).toBe(1);
    // The log entry is queued once the answer has gone out.
    const deadline = Date.now() + 5000;
    while (
      (await audit.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed')) === auditBefore &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const jobs = await audit.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
    const logged = jobs.find((j) => j.data.population === 'operator');
    expect(logged?.data).toMatchObject({
      tenantId: 0,
      actorId: 0,
      actorLogin: USER,
      action: '队列操作',
      detail: 'PUT /api/ops/queues/api/queues/market-index/retry/failed',
    });
  });
});

describe('queue dashboard without an operator login configured', () => {
  let t: TestApi;
  beforeAll(async () => {
    // Empty is unset; the previous API of this file left its login in the environment.
    t = await startTestApi({ OPS_USER: '', OPS_PASSWORD: '' });
  });
  afterAll(() => t.close());

  it('is not served: an unknown route', async () => {
    const res = await t.http().get('/api/ops/queues').set('Authorization', basic('ops', PASSWORD)).expect(404);
    expect(res.body.code).toBe(404);
  });
});
