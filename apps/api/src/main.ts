import 'reflect-metadata';
import cluster from 'node:cluster';
import { ConfigError, loadConfig, type AppConfig } from '@valuation/config';
import { createApiApp } from './app.factory';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function serve(config: AppConfig) {
  const app = await createApiApp(config);
  await app.listen(config.API_PORT, config.API_HOST);
}

/** With API_WORKERS above 1 the primary forks that many API processes sharing the port. */
function supervise(workers: number) {
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`API process ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

const config = readConfig();
if (cluster.isPrimary && config.API_WORKERS > 1) {
  supervise(config.API_WORKERS);
} else {
  serve(config).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
