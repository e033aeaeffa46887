import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { JobProducer } from '@valuation/queue';
import type { Population } from '@valuation/domain';

export interface AuditActor {
  tenantId: number;
  population: Population;
  id: number;
  loginUser: string;
  userName: string;
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
          actorLogin: actor.loginUser,
          actorName: actor.userName,
          action,
          detail,
          ip: ip ?? '',
          at: new Date().toISOString(),
        },
        { jobId: eventKey },
      );
    } catch (err) {
      this.logger.error({ err, action, actorId: actor.id }, 'Audit event could not be queued');
    }
  }
}
