import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { UnrecoverableError, type Queue } from 'bullmq';
import { QUEUES, type BalanceOrderStatesResult } from '@valuation/contracts';
import { businessTimeZone, businessToday } from '@valuation/domain';
import { BalanceOrderRepository } from '@valuation/persistence';
import { DEFAULT_JOB_OPTIONS, JobHandler, JobProcessor, JobProcessorHost, type JobOf } from '@valuation/queue';

/** Id of the job scheduler that moves order states; one per deployment, however many workers run. */
export const ORDER_STATES_SCHEDULER = 'balance-order-states-daily';
/** One minute past business midnight, every day. */
export const ORDER_STATES_PATTERN = '1 0 * * *';

/**
 * Moves orders from pending to effective and from effective to expired as business days begin.
 * Whether a package can be used is decided by its dates at the moment of use; this keeps the
 * stored state the order lists filter on in step with them. It also runs once when a worker starts,
 * so a deployment that was down at midnight catches up.
 */
@JobProcessor(QUEUES.balance)
export class BalanceProcessor extends JobProcessorHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(BalanceProcessor.name);

  constructor(
    private readonly orders: BalanceOrderRepository,
    @InjectQueue(QUEUES.balance) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      ORDER_STATES_SCHEDULER,
      { pattern: ORDER_STATES_PATTERN, tz: businessTimeZone() },
      { name: 'balance.order-states', data: {}, opts: { ...DEFAULT_JOB_OPTIONS } },
    );
    await this.queue.add('balance.order-states', {}, { ...DEFAULT_JOB_OPTIONS, jobId: `balance-order-states-${businessToday()}` });
    this.logger.log(`order states moved daily (${ORDER_STATES_PATTERN}, ${businessTimeZone()})`);
  }

  @JobHandler('balance.order-states')
  async orderStates(job: JobOf<'balance.order-states'>): Promise<BalanceOrderStatesResult> {
    const day = job.data.day ?? businessToday();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new UnrecoverableError(`invalid balance.order-states day: ${day}`);
    const moved = await this.orders.refreshStates(day);
    if (moved) this.logger.log(`${moved} orders changed state on ${day}`);
    return { day, moved };
  }
}
