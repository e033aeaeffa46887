import { Injectable } from '@nestjs/common';
import { pagedList, type AppraisalCaseView, type EvalRecord, type Paged } from '@valuation/contracts';
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
import { AppraisalCaseRepository, EvalRecordRepository, UnitOfWork, type AppraisalCaseEntity } from '@valuation/persistence';
import { ApiError } from '../../common/api-error';
import { recordScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { evalRecordView } from '../eval/eval-record.view';
import { openAnswer } from '../../common/appraisal-case.read';
import { actorOf, caseFilter } from '../../common/appraisal-case.scope';
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
    private readonly uow: UnitOfWork,
    private readonly cases: AppraisalCaseRepository,
    private readonly records: EvalRecordRepository,
    private readonly store: AppraisalCaseStore,
  ) {}

  async add(p: Principal, body: ObjectionAdd): Promise<{ id: number; caseNo: string }> {
    const record = await this.records.findByCode(recordScope(p), body.evalCode);
    if (!record) throw ApiError.notFound(ObjectionMsg.evalCodeInvalid);
    if (record.evalType !== body.type) throw ApiError.badRequest(ObjectionMsg.evalTypeInvalid);
    const source = recordSource(record, ObjectionMsg.averageMethod);
    const price = objectionPriceToYuan(body.price, body.type);
    const reason = objectionReasonFromPrice(price, Number(source.originalPrice));
    if (reason === null) throw ApiError.badRequest(ObjectionMsg.priceUnchanged);
    const filed = await this.uow.run((m) =>
      this.store.create(
        m,
        {
          ...source,
          kind: 'objection',
          source: p.client,
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
    // State 1 is processing; the others (2, 3) are completed.
    const states = q.state === 1 ? [1] : q.state === 2 ? [2, 3] : undefined;
    const { rows, total } = await this.cases.page(recordScope(p), 'objection', caseFilter(q, states), q);
    const viewer = actorOf(p);
    return pagedList(
      rows.map((c) => toRow(c, viewer)),
      total,
      q.pageIndex,
      q.pageSize,
    );
  }

  /** The objection with its history, and the valuation it contests (null when that record left the caller's scope). */
  async detail(p: Principal, id: number): Promise<{ objection: AppraisalCaseView; record: EvalRecord | null }> {
    const c = await this.find(p, id);
    const record = c.evalCode ? await this.records.findByCode(recordScope(p), c.evalCode) : null;
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
    const c = await this.cases.findInRange(recordScope(p), 'objection', id);
    if (!c) throw ApiError.notFound(WorkflowMsg.notFound);
    return c;
  }
}
