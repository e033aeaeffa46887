/** Process helpers shared by the benchmark commands. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository root, from dist/server/scripts/bench. */
export const root = path.resolve(__dirname, '../../../..');

/** The value of `--name value` on the command line, or the fallback. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** Runs a built script to the end, printing its label, duration and (optionally) its last line. */
export function runStep(label: string, script: string, args: string[], env: NodeJS.ProcessEnv, showLastLine = false): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, script), ...args], { cwd: root, env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${label} failed:\n${out}`));
      const last = showLastLine ? ` ${out.trim().split('\n').filter(Boolean).slice(-1)[0] ?? ''}` : '';
      console.log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)${last}`);
      resolve();
    });
  });
}

/** Waits until the API answers its readiness check, failing if the process ends first. */
export async function waitReady(url: string, api: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (api.exitCode !== null) throw new Error('the API stopped while starting');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the API did not become ready');
}
