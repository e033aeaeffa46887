import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, DeepPartial, EntityManager, SelectQueryBuilder } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { BatchItemEntity, BatchTaskEntity } from '../entities';
import {
  fetchBatches,
  fetchPage,
  inDataRange,
  whereContains,
  whereCreated,
  type CreatedWithin,
  type DataScope,
  type PageRows,
} from '../query';

/** The filters of the task list. */
export interface BatchTaskFilter extends CreatedWithin {
  taskName?: string;
  state?: number;
}

/** A data row of an uploaded file with what the item list shows, as it is inserted. */
export interface NewBatchItem {
  row_no: number;
  chunk: number;
  input: object;
  city_code: string | null;
  city_name: string | null;
  dist_name: string | null;
  location: string | null;
  prop_type: number | null;
  bldg_area: number | null;
  floor: number | null;
  bheight: number | null;
}

/** A task's numeric id, or its batchId. */
const isTaskId = (ref: string) => /^\d{1,18}$/.test(ref);

/** Batch valuation tasks and their rows. */
@Injectable()
export class BatchTaskRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Tasks of the scope, aliased `t`. */
  private scoped(scope: DataScope): SelectQueryBuilder<BatchTaskEntity> {
    return inDataRange(this.ds.getRepository(BatchTaskEntity).createQueryBuilder('t'), 't', scope);
  }

  /** A page of the filtered tasks, newest first. */
  page(scope: DataScope, f: BatchTaskFilter, page: PageRequest): Promise<PageRows<BatchTaskEntity>> {
    const qb = this.scoped(scope);
    whereContains(qb, 't', 'taskName', ['taskName'], f.taskName);
    whereCreated(qb, 't', f);
    if (f.state) qb.andWhere('t.state = :state', { state: f.state });
    return fetchPage(qb.orderBy('t.createdAt', 'DESC').addOrderBy('t.id', 'DESC'), page);
  }

  /** A task of the scope by its id or batchId. */
  findByRef(scope: DataScope, ref: string): Promise<BatchTaskEntity | null> {
    return this.scoped(scope)
      .andWhere(isTaskId(ref) ? 't.id = :ref' : 't.batchId = :ref', { ref })
      .getOne();
  }

  /** A task the account itself created, by its id or batchId, locked until the transaction ends. */
  lockOwn(m: EntityManager, tenantId: number, accountId: number, ref: string): Promise<BatchTaskEntity | null> {
    return m
      .getRepository(BatchTaskEntity)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.tenantId = :tenantId AND t.accountId = :accountId', { tenantId, accountId })
      .andWhere(isTaskId(ref) ? 't.id = :ref' : 't.batchId = :ref', { ref })
      .getOne();
  }

  /** Stores a new task and its rows (the rows in one statement, as one JSON array). */
  async create(m: EntityManager, task: DeepPartial<BatchTaskEntity>, items: readonly NewBatchItem[]): Promise<BatchTaskEntity> {
    const repo = m.getRepository(BatchTaskEntity);
    const saved = await repo.save(repo.create(task));
    await m.query(
      `INSERT INTO batch_item (task_id, row_no, chunk, input, city_code, city_name, dist_name, location, prop_type, bldg_area, floor, bheight)
       SELECT $1, r.row_no, r.chunk, r.input, r.city_code, r.city_name, r.dist_name, r.location, r.prop_type, r.bldg_area, r.floor, r.bheight
         FROM jsonb_to_recordset($2::jsonb) AS r(row_no int, chunk int, input jsonb, city_code varchar, city_name varchar, dist_name varchar,
                                                  location varchar, prop_type smallint, bldg_area numeric, floor int, bheight int)`,
      [saved.id, JSON.stringify(items)],
    );
    return saved;
  }

  /** How many rows of the task each city has (null: rows whose city is unknown). */
  async rowsByCity(m: EntityManager, taskId: string): Promise<Map<string | null, number>> {
    const rows: { city_code: string | null; n: number }[] = await m.query(
      `SELECT city_code, count(*)::int AS n FROM batch_item WHERE task_id = $1 GROUP BY city_code`,
      [taskId],
    );
    return new Map(rows.map((r) => [r.city_code, r.n]));
  }

  /** A waiting task starts (state 1) with what was reserved for it. */
  async markStarted(m: EntityManager, taskId: string, reservations: BatchTaskEntity['reservations']): Promise<void> {
    await m.getRepository(BatchTaskEntity).update({ id: taskId }, { state: 1, reservations });
  }

  /** Rows of a task in a state (0 for every state), aliased `i`, by row number. */
  private items(taskId: string, state: number): SelectQueryBuilder<BatchItemEntity> {
    const qb = this.ds.getRepository(BatchItemEntity).createQueryBuilder('i').where('i.taskId = :taskId', { taskId });
    if (state) qb.andWhere('i.state = :state', { state });
    return qb.orderBy('i.rowNo', 'ASC');
  }

  itemsPage(taskId: string, state: number, page: PageRequest): Promise<PageRows<BatchItemEntity>> {
    return fetchPage(this.items(taskId, state), page);
  }

  /** Every row of a task in a state, in batches. */
  itemBatches(taskId: string, state: number): AsyncGenerator<BatchItemEntity[]> {
    return fetchBatches(this.items(taskId, state));
  }
}
