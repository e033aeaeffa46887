import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { BatchTaskEntity } from '@valuation/persistence';
import { addOutboxMessage } from '../notify';
import { QuotaReservationService, type QuotaRefund } from '../quota/quota-reservation.service';

/** The columns of a task that finishing needs, as the chunk statement returns them. */
export type FinishingTask = Pick<
  BatchTaskEntity,
  | 'id'
  | 'batchId'
  | 'tenantId'
  | 'organizationId'
  | 'accountId'
  | 'taskName'
  | 'recvPhone'
  | 'state'
  | 'evalTotal'
  | 'processed'
  | 'evalSuccess'
  | 'evalFail'
  | 'evalError'
  | 'evalAmount'
  | 'reservations'
  | 'errorReason'
  | 'finishedAt'
>;

/** Why the rows still waiting in a failed task have no value. */
export const BATCH_ROW_ABANDONED = '批量估价任务失败，未估价';

export const TASK_COLUMNS = `t.id, t.batch_id AS "batchId", t.tenant_id AS "tenantId", t.organization_id AS "organizationId",
  t.account_id AS "accountId", t.task_name AS "taskName", t.recv_phone AS "recvPhone", t.state, t.eval_total AS "evalTotal",
  t.processed, t.eval_success AS "evalSuccess", t.eval_fail AS "evalFail", t.eval_error AS "evalError",
  t.eval_amount AS "evalAmount", t.reservations, t.error_reason AS "errorReason", t.finished_at AS "finishedAt"`;

/**
 * The end of a batch task, in the transaction that ends it: the counts reserved for rows that got
 * no value go back to the packages they came from, and the owner is told through the outbox.
 */
@Injectable()
export class BatchFinishService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly reservations: QuotaReservationService,
  ) {}

  /**
   * Called in the transaction whose update brought `processed` to `evalTotal` (the task row is
   * locked by it) or failed the task. Refunds once: the `refunded` flag is set here and checked.
   */
  async settle(m: EntityManager, task: FinishingTask): Promise<QuotaRefund[]> {
    const [flag] = await m.query(
      `WITH u AS (UPDATE batch_task SET refunded = true WHERE id = $1 AND refunded = false RETURNING id) SELECT id FROM u`,
      [task.id],
    );
    if (!flag) return [];
    const refunds = await this.refund(m, task);
    const failed = task.state === 3;
    await addOutboxMessage(m, {
      tenantId: task.tenantId,
      organizationId: task.organizationId,
      kind: failed ? 'batch.failed' : 'batch.finished',
      phone: task.recvPhone,
      payload: {
        batchId: task.batchId,
        taskName: task.taskName,
        taskState: task.state,
        total: task.evalTotal,
        success: task.evalSuccess,
        fail: task.evalFail,
        error: task.evalError,
        amount: Number(task.evalAmount),
        refunded: refunds.reduce((sum, r) => sum + r.count, 0),
        finishTime: task.finishedAt ? new Date(task.finishedAt).toISOString() : null,
        ...(failed ? { errorReason: task.errorReason, text: `您的批量估价任务“${task.taskName}”估价失败，未估价的次数已退回。` } : {}),
      },
    });
    return refunds;
  }

  /**
   * Ends a valuing task in state 3: every row still waiting leaves state 0 as not valued, the
   * counters take them, and what was not valued is refunded. False when the task was not valuing.
   */
  async fail(taskId: string, reason: string): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      // Rows first, then the task: the same lock order as the chunk statement, so the two never deadlock.
      const abandoned: { n: number }[] = await m.query(
        `WITH gone AS (
           UPDATE batch_item SET state = 2, error = $2, updated_at = now() WHERE task_id = $1 AND state = 0 RETURNING 1
         ) SELECT count(*)::int AS n FROM gone`,
        [taskId, BATCH_ROW_ABANDONED],
      );
      const n = abandoned[0].n;
      const tasks: FinishingTask[] = await m.query(
        `WITH t AS (
           UPDATE batch_task t SET state = 3, error_reason = left($2, 500), processed = t.processed + $3, eval_fail = t.eval_fail + $3,
                  finished_at = now(), updated_at = now()
            WHERE t.id = $1 AND t.state = 1
            RETURNING ${TASK_COLUMNS}
         ) SELECT * FROM t`,
        [taskId, reason, n],
      );
      if (!tasks.length) {
        if (n > 0) throw new Error(`batch task ${taskId} had waiting rows but was not valuing`);
        return false;
      }
      await this.settle(m, tasks[0]);
      return true;
    });
  }

  /** Gives back the counts of rows without a value (states 2 and 3), with a ledger row per package. */
  private async refund(m: EntityManager, task: FinishingTask): Promise<QuotaRefund[]> {
    const rows: { cityCode: string | null; n: number; valued: number }[] = await m.query(
      `SELECT city_code AS "cityCode", count(*) FILTER (WHERE state IN (2, 3))::int AS n, count(*) FILTER (WHERE state = 1)::int AS valued
         FROM batch_item WHERE task_id = $1 GROUP BY city_code`,
      [task.id],
    );
    // Rows missing from the table (a failed task) were reserved too; their city is unknown.
    const missing = task.evalTotal - rows.reduce((sum, r) => sum + r.n + r.valued, 0);
    const unvalued = missing > 0 ? [...rows, { cityCode: null, n: missing }] : rows;
    const ref = { tenantId: task.tenantId, accountId: task.accountId, refType: 'batch', refId: task.batchId };
    return this.reservations.refund(m, ref, task.reservations, unvalued);
  }
}
