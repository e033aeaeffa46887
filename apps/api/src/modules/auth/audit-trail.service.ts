import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { JobProducer } from '@valuation/queue';
import type { Population } from '@valuation/domain';

export interface AuditActor {
  tenantId: number;
  /** 'operator' is a platform operator: tenant 0, id 0. */
  population: Population | 'operator';
  id: number;
  loginUser: string;
  userName: string;
}

/** The text cut to `max` UTF-16 units (what the column and the worker's check allow), never inside a character. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Hands an audit event to the worker; a queue outage never fails the user's action. */
@Injectable()
export class AuditTrail {
  private readonly logger = new Logger('AuditTrail');

  constructor(private readonly jobs: JobProducer) {}

  async record(actor: AuditActor, action: string, detail: string, ip: string | undefined): Promise<void> {
    const eventKey = randomUUID();
    try {
      await this.jobs.enqueue(
        'audit.record',
        {
          eventKey,
          tenantId: actor.tenantId,
          population: actor.population,
          actorId: actor.id,
          actorLogin: clip(actor.loginUser, 18),
          actorName: clip(actor.userName, 20),
          action: clip(action, 40),
          detail: clip(detail, 500),
          ip: clip(ip ?? '', 64),
          at: new Date().toISOString(),
        },
        { jobId: eventKey },
      );
    } catch (err) {
      this.logger.error({ err, action, actorId: actor.id }, 'Audit event could not be queued');
    }
  }
}
