import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger, PinoLogger } from 'nestjs-pino';
import { ConfigError, loadConfig, workerQueues, type AppConfig } from '@valuation/config';
import { JobHandlerError } from '@valuation/queue';
import { WorkerModule, workerLoggerParams } from './worker.module';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  // The same pino logger serves Nest from the first line on, so start-up problems are logged as JSON too.
  const params = workerLoggerParams(config);
  const pino = new PinoLogger(params);
  pino.setContext('WorkerMain');

  try {
    const module = WorkerModule.forRoot({
      queues: workerQueues(config),
      concurrency: config.WORKER_CONCURRENCY,
      lockDuration: config.WORKER_LOCK_MS,
      httpPort: config.WORKER_HTTP_PORT,
    });
    const app = await NestFactory.createApplicationContext(module, { logger: new Logger(pino, params), abortOnError: false });
    // SIGTERM closes the workers, which finish their active jobs first, then the process exits with 0.
    app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  } catch (error) {
    if (error instanceof JobHandlerError) {
      pino.fatal({ problems: error.problems }, error.message);
      process.stderr.write(`${error.message}\n`);
    } else {
      pino.fatal({ err: error }, 'worker failed to start');
    }
    process.exit(1);
  }
}

void main();
