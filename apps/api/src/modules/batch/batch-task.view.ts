import type { BatchItem, BatchItemState, BatchTask, BatchTaskState } from '@valuation/contracts';
import type { BatchItemEntity, BatchTaskEntity } from '@valuation/persistence';
import { dateTime } from '../eval/eval-record.view';

const num = (v: string | null) => (v === null ? null : Number(v));

/** A task as the list and the detail show it; evalAmount in 亿元 with 4 decimals. */
export function batchTaskView(t: BatchTaskEntity): BatchTask {
  return {
    id: Number(t.id),
    batchId: t.batchId,
    taskName: t.taskName,
    taskState: t.state as BatchTaskState,
    evalTotal: t.evalTotal,
    processed: t.processed,
    evalAmount: Math.round(Number(t.evalAmount) / 1e4) / 1e4,
    evalSuccess: t.evalSuccess,
    evalFail: t.evalFail,
    evalError: t.evalError,
    submitTime: dateTime(t.createdAt),
    finishTime: t.finishedAt ? dateTime(t.finishedAt) : null,
    recvPhone: t.recvPhone,
    fileName: t.fileName,
    errorReason: t.errorReason,
  };
}

export function batchItemView(i: BatchItemEntity): BatchItem {
  return {
    id: Number(i.id),
    rowNo: i.rowNo,
    state: i.state as BatchItemState,
    cityName: i.cityName,
    distName: i.distName,
    location: i.location,
    haName: i.haName,
    propType: i.propType,
    bldgArea: num(i.bldgArea),
    floor: i.floor,
    bheight: i.bheight,
    unitPrice: num(i.unitPrice),
    totalPrice: num(i.totalPrice),
    evalCode: i.evalCode,
    error: i.error,
  };
}
