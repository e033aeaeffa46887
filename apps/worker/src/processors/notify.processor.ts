import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { UnrecoverableError, type Queue } from 'bullmq';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { QUEUES, type NotifyDeliverPayload, type PeriodicResult } from '@valuation/contracts';
import { NotifyDeliveryError, NotifyDeliveryService, NotifyRelayService, type DeliveryOutcome } from '@valuation/core';
import { JobHandler, JobProcessor, JobProcessorHost, scheduleEvery, type JobOf } from '@valuation/queue';

const notifyDeliverPayload = z.object({
  outboxId: z.string().regex(/^[1-9]\d{0,18}$/, 'an outbox row id'),
}) satisfies z.ZodType<NotifyDeliverPayload>;

/** Validates a notify.deliver payload; invalid data fails the job at once, without retries. */
export function parseNotifyDeliverPayload(data: unknown): NotifyDeliverPayload {
  const parsed = notifyDeliverPayload.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
    throw new UnrecoverableError(`invalid notify.deliver payload: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Id of the job scheduler of the outbox relay: one per deployment, however many workers run. */
export const NOTIFY_RELAY_SCHEDULER = 'notify-relay';

/**
 * Delivers outbox notifications. Every NOTIFY_RELAY_INTERVAL_MS one notify.relay job (of a job
 * scheduler, so once across all workers) moves newly written outbox rows onto the queue.
 */
@JobProcessor(QUEUES.notify)
export class NotifyProcessor extends JobProcessorHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(NotifyProcessor.name);

  constructor(
    private readonly delivery: NotifyDeliveryService,
    private readonly relay: NotifyRelayService,
    @InjectQueue(QUEUES.notify) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  onApplicationBootstrap(): Promise<void> {
    return scheduleEvery(this.queue, NOTIFY_RELAY_SCHEDULER, this.config.NOTIFY_RELAY_INTERVAL_MS, 'notify.relay');
  }

  @JobHandler('notify.relay')
  async relayJob(): Promise<PeriodicResult> {
    const queued = await this.relay.relay();
    if (queued.length > 0) this.logger.debug(`queued notifications ${queued.join(', ')}`);
    return { queued };
  }

  @JobHandler('notify.deliver')
  async deliver(job: JobOf<'notify.deliver'>): Promise<DeliveryOutcome> {
    const { outboxId } = parseNotifyDeliverPayload(job.data);
    try {
      return await this.delivery.deliver(outboxId, { attempt: job.attemptsMade + 1, maxAttempts: job.opts.attempts ?? 1 });
    } catch (error) {
      if (error instanceof NotifyDeliveryError && error.final) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
