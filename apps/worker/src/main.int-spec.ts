import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { QUEUE_NAMES, QUEUES, type AuditRecordPayload } from '@valuation/contracts';
import { bullOptions } from '@valuation/queue';
import { createTestDatabase, freePort, uniqueRedisPrefix, type TestDatabase } from '@valuation/testing';

const root = path.resolve(__dirname, '../../..');
const SOURCES = ['apps/worker/src', 'libs/domain/src', 'libs/valuation/src', 'libs/contracts/src', 'libs/server'];

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The compiled worker as a child process; `exited` resolves with everything it wrote. */
function startWorker(main: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [main], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })));
  const logged = async (text: string, timeoutMs = 15_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!stdout.includes(text)) {
      if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode} before logging "${text}":\n${stdout}\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`worker did not log "${text}" within ${timeoutMs} ms:\n${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, logged };
}

describe('worker process (compiled, as a child process)', () => {
  let outDir: string;
  let main: string;
  let db: TestDatabase;
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
    outDir = fs.mkdtempSync(path.join(root, 'dist', 'worker-test-'));
    const swc = spawnSync(
      process.execPath,
      [
        require.resolve('@swc/cli/bin/swc.js'),
        ...SOURCES.filter((dir) => fs.existsSync(path.join(root, dir))),
        '-d',
        outDir,
        '--config-file',
        '.swcrc',
        '--quiet',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    if (swc.status !== 0) throw new Error(`swc failed:\n${swc.stdout}\n${swc.stderr}`);
    main = path.join(outDir, 'apps/worker/src/main.js');
    db = await createTestDatabase();
  });

  afterAll(async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0');
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await db?.drop();
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('processes jobs, serves its probes and metrics, logs JSON, and exits with 0 on SIGTERM', async () => {
    const port = await freePort();
    let bad: { id?: string } = {};
    const worker = startWorker(main, {
      DATABASE_URL: db.url,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'info',
      WORKER_QUEUES: 'audit',
      WORKER_CONCURRENCY: '3',
      WORKER_HTTP_PORT: String(port),
    });
    try {
      await worker.logged('serving queues audit with concurrency 3');
      await worker.logged(`metrics and health probes on port ${port}`);
      expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);

      const queue = new Queue(
        QUEUES.audit,
        bullOptions({ REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0', REDIS_PREFIX: prefix }),
      );
      const payload: AuditRecordPayload = {
        eventKey: 'child-process-event',
        tenantId: 2,
        population: 'user',
        actorId: 9,
        actorLogin: 'wangwu',
        actorName: '王五',
        action: '退出登录',
        detail: '',
        ip: '::1',
        at: new Date().toISOString(),
      };
      const job = await queue.add('audit.record', payload);
      bad = await queue.add('audit.record', { eventKey: 'child-process-bad', tenantId: 2 }, { attempts: 1 });
      const pg = new Client({ connectionString: db.url });
      await pg.connect();
      try {
        const deadline = Date.now() + 10_000;
        while ((await queue.getJobState(String(job.id))) !== 'completed' || (await queue.getJobState(String(bad.id))) !== 'failed') {
          if (Date.now() > deadline) throw new Error('the worker did not settle the jobs');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const rows = await pg.query('SELECT actor_name FROM operation_log WHERE event_key = $1', [payload.eventKey]);
        expect(rows.rows).toEqual([{ actor_name: '王五' }]);
        const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        expect(metrics).toContain('worker_jobs_total{queue="audit",name="audit.record",state="completed"} 1\n');
      } finally {
        await pg.end();
        await queue.close();
      }
    } finally {
      worker.child.kill('SIGTERM');
    }

    const exit = await worker.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    const lines = exit.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { name: string; msg: string });
    expect(lines.every((line) => line.name === 'worker')).toBe(true);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        queue: 'audit',
        jobId: bad.id,
        jobName: 'audit.record',
        tenantId: 2,
        msg: expect.stringMatching(/giving up/),
      }),
    );
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['closing workers; waiting for active jobs', 'workers closed']));
  });

  it('exits with 1 and lists every configuration problem', async () => {
    const exit = await startWorker(main, {
      DATABASE_URL: db.url,
      REDIS_PREFIX: prefix,
      WORKER_QUEUES: 'bogus',
      WORKER_CONCURRENCY: '0',
    }).exited;
    expect(exit.code).toBe(1);
    const [heading, ...problems] = exit.stderr.trimEnd().split('\n');
    expect(heading).toBe('Invalid configuration:');
    expect(problems.sort()).toEqual([
      '  - WORKER_CONCURRENCY: Too small: expected number to be >=1',
      `  - WORKER_QUEUES: unknown queue "bogus" (known: ${QUEUE_NAMES.join(', ')})`,
    ]);
    expect(exit.stdout).toBe('');
  });
});
