import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { BatchItem, BatchTask, Paged } from '@valuation/contracts';
import {
  BatchMsg,
  BATCH_ITEM_STATE_LABELS,
  dateStamp,
  filterDayBounds,
  ListMsg,
  PROPERTY_TYPE_LABELS,
  type BatchItemsFilter,
  type BatchItemsPage,
  type BatchListFilter,
} from '@valuation/domain';
import { BatchItemEntity, type BatchTaskEntity } from '@valuation/persistence';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { buildXlsx, XLSX_AMOUNT, type XlsxColumn } from '../../common/xlsx-export';
import { batchItemView, batchTaskView } from './batch-task.view';
import { scopedBatchTasks, whereTaskRef } from './batch-task.scope';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const num = (v: string | null) => (v === null ? null : Number(v));

export const BATCH_ITEM_EXPORT_COLUMNS: readonly XlsxColumn<BatchItemEntity>[] = [
  { header: '序号', width: 8, value: (i) => i.rowNo },
  { header: '城市', width: 10, value: (i) => i.cityName },
  { header: '区县', width: 10, value: (i) => i.distName },
  { header: '小区名称或地址', width: 30, value: (i) => i.location },
  { header: '匹配小区', width: 20, value: (i) => i.haName },
  { header: '物业类型', width: 10, value: (i) => (i.propType === null ? '' : (PROPERTY_TYPE_LABELS[i.propType] ?? '')) },
  { header: '建筑面积(㎡)', width: 14, numFmt: XLSX_AMOUNT, value: (i) => num(i.bldgArea) },
  { header: '所在楼层', width: 10, value: (i) => i.floor },
  { header: '总楼层', width: 10, value: (i) => i.bheight },
  { header: '单价(元/㎡)', width: 14, numFmt: '#,##0', value: (i) => (i.unitPrice === null ? null : Math.round(Number(i.unitPrice))) },
  {
    header: '总价(万元)',
    width: 14,
    numFmt: XLSX_AMOUNT,
    value: (i) => (i.totalPrice === null ? null : Math.round(Number(i.totalPrice) / 100) / 100),
  },
  { header: '估价状态', width: 14, value: (i) => BATCH_ITEM_STATE_LABELS[i.state] ?? '' },
  { header: '估价编号', width: 28, value: (i) => i.evalCode },
  { header: '说明', width: 30, value: (i) => i.error },
];

/** The task list, a task's detail and its items, within the caller's batch scope. */
@Injectable()
export class BatchTaskListService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(p: Principal, q: BatchListFilter): Promise<Paged<BatchTask>> {
    const qb = scopedBatchTasks(this.ds, p);
    if (q.taskName) qb.andWhere(`t.taskName ILIKE :taskName ESCAPE '\\'`, { taskName: likePattern(q.taskName) });
    const { from, until } = filterDayBounds(q.beginDate, q.endDate);
    if (from) qb.andWhere('t.createdAt >= :begin', { begin: from });
    if (until) qb.andWhere('t.createdAt < :end', { end: until });
    if (q.taskState) qb.andWhere('t.state = :state', { state: q.taskState });
    const [tasks, total] = await qb
      .orderBy('t.createdAt', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .offset((q.pageIndex - 1) * q.pageSize)
      .limit(q.pageSize)
      .getManyAndCount();
    return { list: tasks.map(batchTaskView), pages: Math.ceil(total / q.pageSize), pageNum: q.pageIndex, total };
  }

  async detail(p: Principal, ref: string): Promise<BatchTask> {
    return batchTaskView(await this.task(p, ref));
  }

  async items(p: Principal, q: BatchItemsPage): Promise<Paged<BatchItem>> {
    const task = await this.task(p, q.batchId);
    const [items, total] = await this.itemQuery(task, q.evalState)
      .offset((q.pageIndex - 1) * q.pageSize)
      .limit(q.pageSize)
      .getManyAndCount();
    return { list: items.map(batchItemView), pages: Math.ceil(total / q.pageSize), pageNum: q.pageIndex, total };
  }

  /** The items as an .xlsx workbook; 404 暂无数据 when there are none. */
  async export(p: Principal, q: BatchItemsFilter): Promise<{ content: Buffer; fileName: string }> {
    const task = await this.task(p, q.batchId);
    const items = await this.itemQuery(task, q.evalState).getMany();
    if (items.length === 0) throw ApiError.notFound(ListMsg.noData);
    const content = await buildXlsx('批量估价明细', BATCH_ITEM_EXPORT_COLUMNS, items);
    return { content, fileName: `${task.taskName}_估价明细_${dateStamp()}.xlsx` };
  }

  private async task(p: Principal, ref: string): Promise<BatchTaskEntity> {
    const task = await whereTaskRef(scopedBatchTasks(this.ds, p), ref).getOne();
    if (!task) throw ApiError.notFound(BatchMsg.taskNotFound);
    return task;
  }

  private itemQuery(task: BatchTaskEntity, state: number) {
    const qb = this.ds.getRepository(BatchItemEntity).createQueryBuilder('i').where('i.taskId = :taskId', { taskId: task.id });
    if (state) qb.andWhere('i.state = :state', { state });
    return qb.orderBy('i.rowNo', 'ASC');
  }
}
