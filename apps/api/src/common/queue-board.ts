import { createHash, timingSafeEqual } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '@valuation/config';
import type { QueueName } from '@valuation/contracts';
import { Msg } from '@valuation/domain';
import { QUEUE_MAP } from '@valuation/queue';
import { AuditTrail, type AuditActor } from '../modules/auth/audit-trail.service';

/** Where the platform operators' queue dashboard is served. */
export const QUEUE_BOARD_PATH = '/api/ops/queues';

const REALM = 'Basic realm="queues", charset="UTF-8"';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Whether an `Authorization: Basic` header carries exactly this user and password. */
export function basicAuthMatches(header: string | undefined, user: string, password: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return false;
  // Compared as fixed-length digests, so the time taken says nothing about how much matched.
  return timingSafeEqual(digest(Buffer.from(match[1], 'base64').toString('utf8')), digest(`${user}:${password}`));
}

/**
 * Serves Bull Board for every queue at QUEUE_BOARD_PATH to platform operators, who sign in with
 * OPS_USER and OPS_PASSWORD (HTTP Basic; put it behind TLS). Without them nothing is mounted and the
 * path answers 404 like any unknown route. Every change made from the board (retry, promote,
 * clean, remove, pause) is written to the operation log as the operator's.
 */
export function mountQueueBoard(app: INestApplication, config: AppConfig): void {
  const { OPS_USER: user, OPS_PASSWORD: password } = config;
  if (!user || !password) return;
  const queues = app.get<ReadonlyMap<QueueName, Queue>>(QUEUE_MAP);
  const audit = app.get(AuditTrail);
  const operator: AuditActor = { tenantId: 0, population: 'operator', id: 0, loginUser: user, userName: '平台运维' };

  const board = new ExpressAdapter();
  board.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: [...queues.values()].map((queue) => new BullMQAdapter(queue)),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: '任务队列', locale: { lng: 'zh-CN' } } },
  });

  const signedIn = (req: Request, res: Response, next: NextFunction) => {
    if (!basicAuthMatches(req.headers.authorization, user, password)) {
      res.setHeader('WWW-Authenticate', REALM);
      res.setHeader('Cache-Control', 'no-store');
      res.status(401).json({ code: 401, message: Msg.unauthorized, data: null });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.once('finish', () => {
        if (res.statusCode < 400) void audit.record(operator, '队列操作', `${req.method} ${req.originalUrl.split('?')[0]}`, req.ip);
      });
    }
    next();
  };
  app.use(QUEUE_BOARD_PATH, signedIn, board.getRouter());
}
