import { Inject, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { QUEUES, type NotifyDeliverPayload } from '@valuation/contracts';
import { NotifyDeliveryError, NotifyDeliveryService, NotifyRelayService, type DeliveryOutcome } from '@valuation/core';
import { JobHandler, JobProcessor, JobProcessorHost, PeriodicTask, type JobOf } from '@valuation/queue';

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

/**
 * Delivers outbox notifications. While it serves the notify queue, it also moves newly written
 * outbox rows onto the queue every NOTIFY_RELAY_INTERVAL_MS.
 */
@JobProcessor(QUEUES.notify)
export class NotifyProcessor extends JobProcessorHost implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(NotifyProcessor.name);
  private readonly relaying: PeriodicTask;

  constructor(
    private readonly delivery: NotifyDeliveryService,
    private readonly relay: NotifyRelayService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    this.relaying = new PeriodicTask(
      config.NOTIFY_RELAY_INTERVAL_MS,
      async () => {
        const ids = await this.relay.relay();
        if (ids.length > 0) this.logger.debug(`queued notifications ${ids.join(', ')}`);
      },
      (error) => this.logger.error(`notification relay failed: ${error.message}`),
    );
  }

  onApplicationBootstrap(): void {
    this.relaying.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.relaying.stop();
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
