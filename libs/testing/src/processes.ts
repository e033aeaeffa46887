import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The repository root, from which the processes run and into whose dist/ the tests compile. */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** Sources the compiled server processes need: the worker alone, or the API too. */
export const WORKER_SOURCES = ['apps/worker/src', 'libs/domain/src', 'libs/valuation/src', 'libs/contracts/src', 'libs/server'];
export const SERVER_SOURCES = [...WORKER_SOURCES, 'apps/api/src'];

/**
 * Compiles the sources with swc into a fresh folder under dist/ (as the build does, without type
 * checks) and answers the folder; remove it with fs.rmSync when done.
 */
export function compileServer(name: string, sources: readonly string[] = WORKER_SOURCES): string {
  fs.mkdirSync(path.join(REPO_ROOT, 'dist'), { recursive: true });
  const outDir = fs.mkdtempSync(path.join(REPO_ROOT, 'dist', `${name}-`));
  const swc = spawnSync(
    process.execPath,
    [
      require.resolve('@swc/cli/bin/swc.js'),
      ...sources.filter((dir) => fs.existsSync(path.join(REPO_ROOT, dir))),
      '-d',
      outDir,
      '--config-file',
      '.swcrc',
      '--quiet',
    ],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  if (swc.status !== 0) throw new Error(`swc failed:\n${swc.stdout}\n${swc.stderr}`);
  return outDir;
}

/**
 * Polls `check` until it answers true. A check that throws (a server being restarted) counts as
 * not yet; on timeout the error names what was awaited and the last failure.
 */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return;
      last = undefined;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const why = last === undefined ? '' : ` (last error: ${(last as Error).message ?? String(last)})`;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A child process with what it wrote, a wait on its exit and on a line of its output. */
export interface RunningProcess {
  child: ChildProcess;
  readonly stdout: string;
  readonly stderr: string;
  exited: Promise<ProcessExit>;
  /** Resolves once the process wrote `text` to stdout or stderr; rejects when it exits first. */
  logged(text: string, timeoutMs?: number): Promise<void>;
  /** Sends the signal (SIGTERM unless told) and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<ProcessExit>;
}

/** Runs a command as a child process of the test, keeping its output. */
export function startProcess(command: string, args: readonly string[], env: Record<string, string> = {}): RunningProcess {
  const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => (out.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()));
  const exited = new Promise<ProcessExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    get stdout() {
      return out.stdout;
    },
    get stderr() {
      return out.stderr;
    },
    exited,
    async logged(text, timeoutMs = 30_000) {
      await waitFor(
        `${path.basename(command)} ${args.join(' ')} to write "${text}"`,
        () => {
          if (out.stdout.includes(text) || out.stderr.includes(text)) return true;
          if (!running()) throw new Error(`exited (${child.exitCode ?? child.signalCode}):\n${out.stdout}\n${out.stderr}`);
          return false;
        },
        timeoutMs,
      );
    },
    async stop(signal = 'SIGTERM') {
      if (running()) child.kill(signal);
      return exited;
    },
  };
}

/** Runs a compiled Node entry point (a worker's or the API's main.js) with the environment added. */
export function startNodeProcess(main: string, env: Record<string, string> = {}): RunningProcess {
  return startProcess(process.execPath, [main], env);
}

/**
 * A Redis server of the test's own on a fixed port, its data in a temporary folder: kill() ends
 * it without saving (as a crash), start() runs it again on the same port and folder. With
 * `appendonly` every write is in the append-only file before Redis answers it, so a restart keeps
 * the queues, as production Redis for BullMQ is run.
 */
export interface PrivateRedis {
  url: string;
  /** With `empty`, its data is removed first: it comes back as Redis without persistence does after a crash. */
  start(options?: { empty?: boolean }): Promise<void>;
  kill(): Promise<void>;
  /** Stops it if running and removes its folder. */
  destroy(): Promise<void>;
}

export async function startPrivateRedis(port: number, options: { appendonly: boolean }): Promise<PrivateRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--daemonize', 'no'];
  args.push(...(options.appendonly ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']));
  let server: RunningProcess | null = null;
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}/0`,
    async start({ empty = false } = {}) {
      if (await portOpen(port)) throw new Error(`port ${port} is taken; the private Redis cannot start`);
      if (empty) for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
      server = startProcess('redis-server', args);
      await server.logged('Ready to accept connections', 15_000);
    },
    async kill() {
      await server?.stop('SIGKILL');
      server = null;
    },
    async destroy() {
      await redis.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await startOrRemove(redis);
  return redis;
}

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, trust authentication, user
 * postgres) on a fixed port: stop() shuts it down at once (fast mode, sessions cut), start() runs it
 * again on the same data. The server runs as the operating system user postgres when the test runs
 * as root, which PostgreSQL refuses.
 */
export interface PrivateCluster {
  adminUrl: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it if running and removes its data. */
  destroy(): Promise<void>;
}

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export async function startPrivateCluster(port: number): Promise<PrivateCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) fs.chownSync(dir, ...postgresIds());
  const run = (program: string, args: string[]) => {
    const [command, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, program), ...args]]
      : [path.join(PG_BIN, program), args];
    const result = spawnSync(command, argv, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  let running = false;
  const cluster: PrivateCluster = {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      if (await portOpen(port)) throw new Error(`port ${port} is taken; the private PostgreSQL cannot start`);
      // Counted as running before pg_ctl answers: a start that timed out may have left a server to stop.
      running = true;
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
    },
    async stop() {
      if (running) run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async destroy() {
      try {
        await cluster.stop();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  await startOrRemove(cluster);
  return cluster;
}

/** Starts a server just made; one that does not start is stopped and its folder removed. */
async function startOrRemove(server: { start(): Promise<void>; destroy(): Promise<void> }): Promise<void> {
  try {
    await server.start();
  } catch (error) {
    await server.destroy().catch(() => undefined);
    throw error;
  }
}

function postgresIds(): [number, number] {
  const entry = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('postgres:'));
  if (!entry) throw new Error('no operating system user postgres to run a private PostgreSQL as');
  const [, , uid, gid] = entry.split(':');
  return [Number(uid), Number(gid)];
}

/**
 * The loopback S3 server as a process of its own on a fixed port, so that a test can take it away
 * (kill(), as a crash) and bring it back on the same data (start()).
 */
export interface PrivateS3 {
  endpoint: string;
  start(): Promise<void>;
  kill(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPrivateS3(port: number): Promise<PrivateS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-s3-'));
  let server: RunningProcess | null = null;
  const s3: PrivateS3 = {
    endpoint: `http://127.0.0.1:${port}`,
    async start() {
      if (await portOpen(port)) throw new Error(`port ${port} is taken; the private S3 server cannot start`);
      server = startNodeProcess(path.join(__dirname, 'loopback-s3.js'), { S3_LOCAL_PORT: String(port), S3_LOCAL_DIR: dir });
      await server.logged('S3-compatible server on', 15_000);
    },
    async kill() {
      await server?.stop('SIGKILL');
      server = null;
    },
    async destroy() {
      await s3.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await startOrRemove(s3);
  return s3;
}
