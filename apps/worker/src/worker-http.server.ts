import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { HealthStatus } from '@valuation/contracts';
import { DatabaseHealth } from '@valuation/persistence';
import { Metrics, RedisHealth } from '@valuation/queue';

/** Injection token of the port the worker's HTTP server listens on. */
export const WORKER_HTTP_PORT = Symbol('WORKER_HTTP_PORT');

const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The worker's only HTTP: `/metrics` for Prometheus, `/health/live` (the process answers) and
 * `/health/ready` (PostgreSQL and Redis answer, else 503) for the Kubernetes probes. Listens once
 * the application has booted and stops when it shuts down.
 */
@Injectable()
export class WorkerHttpServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WorkerHttpServer.name);
  private server?: Server;

  constructor(
    @Inject(WORKER_HTTP_PORT) private readonly port: number,
    private readonly metrics: Metrics,
    private readonly database: DatabaseHealth,
    private readonly redis: RedisHealth,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((req, res) => {
      this.answer(req, res).catch((error: Error) => {
        this.logger.error(`${req.url ?? ''}: ${error.message}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger.log(`metrics and health probes on port ${this.port}`);
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return this.json(res, 405, { status: 'error' });
    if (path === '/metrics') {
      const { contentType, text } = await this.metrics.exposition();
      res.writeHead(200, { 'Content-Type': contentType });
      res.end(text);
      return;
    }
    if (path === '/health/live') return this.json(res, 200, { status: 'ok' });
    if (path === '/health/ready') {
      const [postgres, redis] = await Promise.all([check(() => this.database.ping()), check(() => this.redis.ping(CHECK_TIMEOUT_MS))]);
      const ok = postgres === 'up' && redis === 'up';
      return this.json(res, ok ? 200 : 503, { status: ok ? 'ok' : 'error', checks: { postgres, redis } });
    }
    this.json(res, 404, { status: 'error' });
  }

  private json(res: ServerResponse, status: number, body: HealthStatus): void {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }
}
