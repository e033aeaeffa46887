import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * scripts/lib/run-stack.sh, the start command's runner, run as it is in a copy of the layout it
 * expects, where the built API, worker and web server are small stand-ins that note their process
 * ids: the API answers its readiness check on API_PORT.
 */

const RUN_STACK = path.join(__dirname, '../../../scripts/lib/run-stack.sh');

/** A stand-in that notes its pid in `<name>.pids` of STACK_TEST_DIR and keeps running. */
const standIn = (name: string, extra = '') =>
  `require('fs').appendFileSync(require('path').join(process.env.STACK_TEST_DIR, '${name}.pids'), process.pid + '\\n');\n${extra}\nsetInterval(() => {}, 1000);\n`;

/** The API stand-in stops at once, as a process that cannot start, while `api.crash` is there. */
const API = standIn(
  'api',
  `if (require('fs').existsSync(require('path').join(process.env.STACK_TEST_DIR, 'api.crash'))) process.exit(3);
require('http').createServer((req, res) => res.end('ok')).listen(Number(process.env.API_PORT), '127.0.0.1');`,
);

/** A free port among those this machine leaves to tests (4100-4199). */
async function freePort(): Promise<number> {
  for (let port = 4100 + Math.floor(Math.random() * 100), tries = 0; tries < 100; tries++, port = 4100 + ((port - 4100 + 1) % 100)) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 4100-4199');
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, probe: () => T | undefined | false | Promise<T | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the stack runner (scripts/lib/run-stack.sh)', () => {
  let dir: string;
  let stack: ChildProcess;
  let output: string;
  let exited: Promise<number | null>;
  let apiPort: number;

  const pidsOf = (name: string): number[] => {
    const file = path.join(dir, `${name}.pids`);
    return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number) : [];
  };
  const allPids = () => ['api', 'worker', 'web'].flatMap(pidsOf);

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'run-stack-'));
    const file = (relative: string, text: string, mode?: number) => {
      mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
      writeFileSync(path.join(dir, relative), text);
      if (mode) chmodSync(path.join(dir, relative), mode);
    };
    mkdirSync(path.join(dir, 'scripts/lib'), { recursive: true });
    copyFileSync(RUN_STACK, path.join(dir, 'scripts/lib/run-stack.sh'));
    file('dist/server/scripts/lib/migrate.js', '');
    file('dist/server/scripts/lib/seed-demo.js', '');
    file('dist/server/apps/api/src/main.js', API);
    file('dist/server/apps/worker/src/main.js', standIn('worker'));
    file('web.js', standIn('web'));
    file('node_modules/.bin/vite', `#!/bin/sh\nexec node "${path.join(dir, 'web.js')}"\n`, 0o755);

    const env: NodeJS.ProcessEnv = { ...process.env, STACK_TEST_DIR: dir, STACK_BANNER: 'STACK READY' };
    delete env.S3_LOCAL_PORT;
    apiPort = await freePort();
    env.API_PORT = String(apiPort);
    env.PORT = String(await freePort());
    output = '';
    stack = spawn('bash', [path.join(dir, 'scripts/lib/run-stack.sh')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    stack.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    stack.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    exited = new Promise((resolve) => stack.once('exit', (code) => resolve(code)));
    await until('the banner', () => output.includes('STACK READY'));
  }, 30_000);

  afterEach(async () => {
    if (stack.exitCode === null && stack.signalCode === null) {
      stack.kill('SIGTERM');
      await exited;
    }
    stack.stdout!.removeAllListeners('data');
    stack.stderr!.removeAllListeners('data');
    for (const pid of allPids()) if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts a crashed API and a crashed worker again, saying so, and keeps the rest running', async () => {
    const [api] = pidsOf('api');
    const [worker] = pidsOf('worker');
    const [web] = pidsOf('web');
    // Killed as the kernel kills a process out of memory.
    process.kill(api, 'SIGKILL');
    const [, restarted] = await until('a second API process', () => (pidsOf('api').length === 2 ? pidsOf('api') : false));
    expect(alive(restarted)).toBe(true);
    expect(output).toMatch(/API stopped \(exit status 137\); starting it again in 1 s\./);
    await until('the API to answer again', () =>
      fetch(`http://127.0.0.1:${apiPort}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      ),
    );

    process.kill(worker, 'SIGKILL');
    await until('a second worker process', () => pidsOf('worker').length === 2);
    expect(output).toMatch(/Worker stopped \(exit status 137\); starting it again in 1 s\./);
    expect(stack.exitCode).toBeNull();
    expect(alive(web)).toBe(true);
  }, 30_000);

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops every process it started on %s',
    async (signal) => {
      const started = allPids();
      expect(started).toHaveLength(3);
      stack.kill(signal);
      await exited;
      await until('every process to stop', () => allPids().every((pid) => !alive(pid)), 10_000);
      expect(output).not.toMatch(/starting it again|shutting down/);
    },
    30_000,
  );

  it('gives up, stopping everything, when the API stops 5 times in a row soon after starting', async () => {
    writeFileSync(path.join(dir, 'api.crash'), '');
    process.kill(pidsOf('api')[0], 'SIGKILL');
    expect(await exited).toBe(1);
    expect(output).toMatch(/API stopped \(exit status 3\); starting it again in 8 s\./);
    expect(output).toContain('API stopped (exit status 3) 5 times in a row soon after starting; giving up.');
    expect(pidsOf('api')).toHaveLength(5);
    await until('every process to stop', () => allPids().every((pid) => !alive(pid)), 10_000);
  }, 40_000);

  it('stops everything when the web server ends', async () => {
    const [web] = pidsOf('web');
    process.kill(web, 'SIGKILL');
    expect(await exited).toBe(1);
    expect(output).toContain('A process stopped; shutting down.');
    await until('every process to stop', () => allPids().every((pid) => !alive(pid)), 10_000);
  }, 30_000);
});
