import { Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { QUEUES, type AuditRecordPayload } from '@valuation/contracts';
import { AuditService } from '@valuation/core';
import { JobHandler, JobProcessor, JobProcessorHost, type JobOf } from '@valuation/queue';

/** The shape of an audit event; the limits are those of the operation_log columns. */
const auditRecordPayload = z.object({
  eventKey: z.string().min(1).max(64),
  tenantId: z.int32().min(0),
  population: z.enum(['user', 'tenant', 'operator']),
  actorId: z.int32().min(0),
  actorLogin: z.string().max(18),
  actorName: z.string().max(20),
  action: z.string().min(1).max(40),
  detail: z.string().max(500),
  ip: z.string().max(64),
  at: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<AuditRecordPayload>;

/** Validates an audit.record payload; invalid data fails the job at once, without retries. */
export function parseAuditRecordPayload(data: unknown): AuditRecordPayload {
  const parsed = auditRecordPayload.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
    throw new UnrecoverableError(`invalid audit.record payload: ${problems.join('; ')}`);
  }
  return parsed.data;
}

@JobProcessor(QUEUES.audit)
export class AuditProcessor extends JobProcessorHost {
  private readonly logger = new Logger(AuditProcessor.name);

  constructor(private readonly audit: AuditService) {
    super();
  }

  @JobHandler('audit.record')
  async record(job: JobOf<'audit.record'>): Promise<{ recorded: boolean }> {
    const payload = parseAuditRecordPayload(job.data);
    const recorded = await this.audit.record(payload);
    if (!recorded) this.logger.debug(`audit event ${payload.eventKey} was already recorded`);
    return { recorded };
  }
}
