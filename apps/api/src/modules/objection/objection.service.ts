import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AppraisalCaseView, EvalRecord, Paged } from '@valuation/contracts';
import { AppraisalCaseStore, appraisalCaseView, caseTime } from '@valuation/core';
import {
  isCaseRequester,
  objectionPriceToYuan,
  objectionReasonFromPrice,
  objectionStateLabel,
  ObjectionMsg,
  WorkflowMsg,
  type CaseActor,
  type ObjectionAdd,
  type ObjectionListQuery,
  type ObjectionListRow,
} from '@valuation/domain';
import type { AppraisalCaseEntity } from '@valuation/persistence';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { scopedEvalRecords } from '../eval/eval-record.scope';
import { evalRecordView } from '../eval/eval-record.view';
import { openAnswer } from '../../common/appraisal-case.read';
import { actorOf, filterCases, scopedCases } from '../../common/appraisal-case.scope';
import { recordSource } from '../review/review.service';

const num = (v: string | null) => (v === null ? null : Number(v));

function toRow(c: AppraisalCaseEntity, viewer: CaseActor): ObjectionListRow {
  return {
    id: Number(c.id),
    caseNo: c.caseNo,
    evalCode: c.evalCode,
    submitTime: caseTime(c.createdAt),
    cityName: c.cityName,
    haName: c.haName,
    cardAddress: c.cardAddress,
    location: c.location,
    bldgArea: num(c.bldgArea),
    evalType: c.evalType,
    totalPrice: num(c.originalPrice),
    price: num(c.proposedPrice),
    reason: c.reason,
    state: c.state,
    stateName: objectionStateLabel(c.state),
    reviewReply: c.reviewReply,
    read: c.context.read,
    ownRequest: isCaseRequester(c.context, viewer),
  };
}

/** Price objections to automatic valuations of the caller's scope. */
@Injectable()
export class ObjectionService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly store: AppraisalCaseStore,
  ) {}

  async add(p: Principal, body: ObjectionAdd): Promise<{ id: number; caseNo: string }> {
    const record = await scopedEvalRecords(this.ds, p).andWhere('r.evalCode = :code', { code: body.evalCode }).getOne();
    if (!record) throw ApiError.notFound(ObjectionMsg.evalCodeInvalid);
    if (record.evalType !== body.type) throw ApiError.badRequest(ObjectionMsg.evalTypeInvalid);
    const source = recordSource(record, ObjectionMsg.averageMethod);
    const price = objectionPriceToYuan(body.price, body.type);
    const reason = objectionReasonFromPrice(price, Number(source.originalPrice));
    if (reason === null) throw ApiError.badRequest(ObjectionMsg.priceUnchanged);
    const filed = await this.ds.transaction((m) =>
      this.store.create(
        m,
        {
          ...source,
          kind: 'objection',
          tenantId: p.tenantId,
          companyId: p.companyId!,
          organizationId: p.organizationId!,
          accountId: p.id,
          initiate: null,
          sourceId: null,
          reason,
          otherReason: null,
          remark: '',
          proposedPrice: price.toFixed(2),
          files: [],
        },
        actorOf(p),
      ),
    );
    return { id: Number(filed.id), caseNo: filed.caseNo };
  }

  async list(p: Principal, q: ObjectionListQuery): Promise<Paged<ObjectionListRow>> {
    const qb = filterCases(scopedCases(this.ds, p, 'objection'), { ...q, state: undefined });
    // State 1 is processing; every other state is completed.
    if (q.state === 1) qb.andWhere('c.state = 1');
    if (q.state === 2) qb.andWhere('c.state <> 1');
    const [rows, total] = await qb
      .offset((q.pageIndex - 1) * q.pageSize)
      .limit(q.pageSize)
      .getManyAndCount();
    const viewer = actorOf(p);
    return { list: rows.map((c) => toRow(c, viewer)), pages: Math.ceil(total / q.pageSize), pageNum: q.pageIndex, total };
  }

  /** The objection with its history, and the valuation it contests (null when that record left the caller's scope). */
  async detail(p: Principal, id: number): Promise<{ objection: AppraisalCaseView; record: EvalRecord | null }> {
    const c = await this.find(p, id);
    const record = c.evalCode ? await scopedEvalRecords(this.ds, p).andWhere('r.evalCode = :code', { code: c.evalCode }).getOne() : null;
    return {
      objection: appraisalCaseView(c, await this.store.historyOf(c.id), { viewer: actorOf(p) }),
      record: record ? evalRecordView(record) : null,
    };
  }

  /**
   * Marks the reply of a completed objection read when its requester opens it; opening it as someone
   * else (a supervisor through the data range) changes nothing. Answers whether the requester has read it.
   */
  async read(p: Principal, id: number): Promise<{ read: boolean }> {
    const c = await this.find(p, id);
    if (c.state === 1) throw ApiError.badRequest(WorkflowMsg.notAllowed);
    return { read: (await openAnswer(this.store, p, c, () => this.find(p, id))).context.read };
  }

  /** The caller's completed objections whose reply it has not opened yet (the header's count). */
  unreadCount(p: Principal): Promise<number> {
    return this.store.unreadCount('objection', p.tenantId, p.id);
  }

  private async find(p: Principal, id: number): Promise<AppraisalCaseEntity> {
    const c = await scopedCases(this.ds, p, 'objection').andWhere('c.id = :id', { id }).getOne();
    if (!c) throw ApiError.notFound(WorkflowMsg.notFound);
    return c;
  }
}
