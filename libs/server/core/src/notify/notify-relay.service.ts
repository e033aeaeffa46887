import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { JobProducer } from '@valuation/queue';

/** Rows left `queued` this long are offered to the queue again (the job id makes that a no-op if the job is still there). */
const STALE_QUEUED_SECONDS = 300;

/** Id of the notify.deliver job of an outbox row: one job per row, whoever enqueues it. */
export function notifyJobId(outboxId: string): string {
  return `notify-${outboxId}`;
}

/** Moves written outbox rows onto the notify queue. */
@Injectable()
export class NotifyRelayService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly jobs: JobProducer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Claims up to `limit` pending rows (and rows stuck in `queued`), marks them queued and adds
   * their jobs: NOTIFY_ATTEMPTS tries in all, the first retry NOTIFY_BACKOFF_MS later and each
   * later wait doubled; the last failed try marks the row failed. Concurrent relays claim disjoint rows (FOR UPDATE SKIP LOCKED). Resolves to the
   * ids handed to the queue.
   */
  async relay(limit = 100): Promise<string[]> {
    const claimed: { id: string }[] = await this.ds.query(
      `WITH claimed AS (
         UPDATE notify_outbox SET status = 'queued', queued_at = now(), updated_at = now()
          WHERE id IN (
            SELECT id FROM notify_outbox
             WHERE status = 'pending'
                OR (status = 'queued' AND queued_at < now() - make_interval(secs => $2))
             ORDER BY id
             LIMIT $1
             FOR UPDATE SKIP LOCKED)
          RETURNING id)
       SELECT id FROM claimed`,
      [limit, STALE_QUEUED_SECONDS],
    );
    const ids = claimed.map((row) => String(row.id)).sort((a, b) => Number(a) - Number(b));
    for (const id of ids) {
      await this.jobs.enqueue(
        'notify.deliver',
        { outboxId: id },
        { jobId: notifyJobId(id), attempts: this.config.NOTIFY_ATTEMPTS, backoffMs: this.config.NOTIFY_BACKOFF_MS },
      );
    }
    return ids;
  }
}
