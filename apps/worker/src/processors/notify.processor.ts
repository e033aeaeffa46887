import { Inject, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { QUEUES, type NotifyDeliverPayload } from '@valuation/contracts';
import { NotifyDeliveryError, NotifyDeliveryService, NotifyRelayService, type DeliveryOutcome } from '@valuation/core';
import { JobHandler, JobProcessor, JobProcessorHost, type JobOf } from '@valuation/queue';

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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly delivery: NotifyDeliveryService,
    private readonly relay: NotifyRelayService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.relayOnce(), this.config.NOTIFY_RELAY_INTERVAL_MS);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One relay pass, unless the previous one is still running. */
  private relayOnce(): void {
    if (this.running) return;
    this.running = this.relay
      .relay()
      .then((ids) => {
        if (ids.length > 0) this.logger.debug(`queued notifications ${ids.join(', ')}`);
      })
      .catch((error: Error) => this.logger.error(`notification relay failed: ${error.message}`))
      .finally(() => {
        this.running = undefined;
      });
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
