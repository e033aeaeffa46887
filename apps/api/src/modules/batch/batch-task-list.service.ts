import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { pagedList, type BatchItem, type BatchTask, type Paged, type ValueRange } from '@valuation/contracts';
import { mapBatches, streamXlsx, XLSX_AMOUNT, XLSX_PERCENT, type XlsxColumn } from '@valuation/core';
import {
  BatchMsg,
  DATA_RANGE_PERMISSIONS,
  BATCH_ITEM_STATE_LABELS,
  dateStamp,
  evalPriceValue,
  filterDayBounds,
  PROPERTY_TYPE_LABELS,
  type BatchItemsFilter,
  type BatchItemsPage,
  type BatchListFilter,
} from '@valuation/domain';
import { BatchTaskRepository, EvalRecordRepository, type BatchItemEntity, type BatchTaskEntity } from '@valuation/persistence';
import { ApiError } from '../../common/api-error';
import { dataScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { valueRangeOf } from '../eval/eval-record.view';
import { batchItemView, batchTaskView } from './batch-task.view';

const num = (v: string | null) => (v === null ? null : Number(v));

/** An item of the export with the range its valuation record keeps (null without one). */
export interface ExportedBatchItem {
  item: BatchItemEntity;
  range: ValueRange | null;
}

export const BATCH_ITEM_EXPORT_COLUMNS: readonly XlsxColumn<ExportedBatchItem>[] = [
  { header: '序号', width: 8, value: ({ item: i }) => i.rowNo },
  { header: '城市', width: 10, value: ({ item: i }) => i.cityName },
  { header: '区县', width: 10, value: ({ item: i }) => i.distName },
  { header: '小区名称或地址', width: 30, value: ({ item: i }) => i.location },
  { header: '匹配小区', width: 20, value: ({ item: i }) => i.haName },
  { header: '物业类型', width: 10, value: ({ item: i }) => (i.propType === null ? '' : (PROPERTY_TYPE_LABELS[i.propType] ?? '')) },
  { header: '建筑面积(㎡)', width: 14, numFmt: XLSX_AMOUNT, value: ({ item: i }) => num(i.bldgArea) },
  { header: '所在楼层', width: 10, value: ({ item: i }) => i.floor },
  { header: '总楼层', width: 10, value: ({ item: i }) => i.bheight },
  {
    header: '单价(元/㎡)',
    width: 14,
    numFmt: '#,##0',
    value: ({ item: i }) => (i.unitPrice === null ? null : Math.round(Number(i.unitPrice))),
  },
  {
    header: '总价(万元)',
    width: 14,
    numFmt: XLSX_AMOUNT,
    value: ({ item: i }) => evalPriceValue(num(i.totalPrice), 1, 2),
  },
  { header: '区间下限(万元)', width: 16, numFmt: XLSX_AMOUNT, value: ({ range }) => evalPriceValue(range?.low, 1, 2) },
  { header: '区间上限(万元)', width: 16, numFmt: XLSX_AMOUNT, value: ({ range }) => evalPriceValue(range?.high, 1, 2) },
  { header: '预测标准差(FSD)', width: 16, numFmt: XLSX_PERCENT, value: ({ range }) => range?.fsd ?? null },
  { header: '估价状态', width: 14, value: ({ item: i }) => BATCH_ITEM_STATE_LABELS[i.state] ?? '' },
  { header: '估价编号', width: 28, value: ({ item: i }) => i.evalCode },
  { header: '说明', width: 30, value: ({ item: i }) => i.error },
];

/** The task list, a task's detail and its items, within the caller's batch scope. */
@Injectable()
export class BatchTaskListService {
  constructor(
    private readonly tasks: BatchTaskRepository,
    private readonly records: EvalRecordRepository,
  ) {}

  async list(p: Principal, q: BatchListFilter): Promise<Paged<BatchTask>> {
    const { rows, total } = await this.tasks.page(
      dataScope(p, DATA_RANGE_PERMISSIONS.batch),
      { taskName: q.taskName, ...filterDayBounds(q.beginDate, q.endDate), state: q.taskState },
      q,
    );
    return pagedList(rows.map(batchTaskView), total, q.pageIndex, q.pageSize);
  }

  async detail(p: Principal, ref: string): Promise<BatchTask> {
    return batchTaskView(await this.task(p, ref));
  }

  async items(p: Principal, q: BatchItemsPage): Promise<Paged<BatchItem>> {
    const task = await this.task(p, q.batchId);
    const { rows, total } = await this.tasks.itemsPage(task.id, q.evalState, q);
    return pagedList(rows.map(batchItemView), total, q.pageIndex, q.pageSize);
  }

  /** The items as an .xlsx workbook, streamed; EmptyExportError (暂无数据) when there are none. */
  async export(p: Principal, q: BatchItemsFilter): Promise<{ content: Readable; fileName: string }> {
    const task = await this.task(p, q.batchId);
    const content = await streamXlsx(
      { sheetName: '批量估价明细', columns: BATCH_ITEM_EXPORT_COLUMNS },
      mapBatches(this.tasks.itemBatches(task.id, q.evalState), (items) => this.withRanges(task, items)),
    );
    return { content, fileName: `${task.taskName}_估价明细_${dateStamp()}.xlsx` };
  }

  private async withRanges(task: BatchTaskEntity, items: readonly BatchItemEntity[]): Promise<ExportedBatchItem[]> {
    const codes = items.map((i) => i.evalCode).filter((c): c is string => c !== null);
    const ranges = await this.records.storedRanges(task.tenantId, codes);
    return items.map((item) => ({ item, range: item.evalCode === null ? null : valueRangeOf(ranges.get(item.evalCode)) }));
  }

  private async task(p: Principal, ref: string): Promise<BatchTaskEntity> {
    const task = await this.tasks.findByRef(dataScope(p, DATA_RANGE_PERMISSIONS.batch), ref);
    if (!task) throw ApiError.notFound(BatchMsg.taskNotFound);
    return task;
  }
}
