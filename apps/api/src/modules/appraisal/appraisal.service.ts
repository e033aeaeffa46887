import { Injectable } from '@nestjs/common';
import type {
  AppraisalCaseDetail,
  AppraisalCaseView,
  AppraisalCounts,
  AppraisalMarketCase,
  AppraisalQueuePage,
  AppraisalQueueRow,
  AppraisalRequester,
  EvalRecord,
} from '@valuation/contracts';
import {
  addMonths,
  answerForKind,
  APPRAISAL_KIND_LABELS,
  AppraisalMsg,
  businessToday,
  monthKey,
  WorkflowMsg,
  type AppraisalAnswerInput,
  type AppraisalCaseEvent,
  type AppraisalClaimInput,
  type AppraisalQueueQuery,
  type AppraisalRefuseInput,
  type CaseActor,
} from '@valuation/domain';
import {
  AccountRepository,
  AppraisalCaseRepository,
  EvalRecordRepository,
  OrganizationRepository,
  type AppraisalCaseEntity,
  type CaseFile,
} from '@valuation/persistence';
import {
  appraisalCaseView,
  AppraisalCaseStore,
  CaseConflictError,
  CaseNotFoundError,
  CaseRefusedError,
  caseTime,
  CommunityQueries,
  MarketStatsQueries,
} from '@valuation/core';
import { pagedList } from '@valuation/contracts';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AuditTrail } from '../auth/audit-trail.service';
import { MarketStatsService } from '../community/market-stats.service';
import { evalRecordView, storedResult } from '../eval/eval-record.view';

/** Recent community cases: the last 12 months, at most 20. */
const RECENT_CASE_MONTHS = 12;
const RECENT_CASE_LIMIT = 20;
const RESIDENTIAL = 11;

const num = (v: string | null) => (v === null ? null : Number(v));
const isMine = (c: AppraisalCaseEntity, p: Principal) => c.context.assigneeId === p.id;

/**
 * The appraisers' queue of a tenant: manual enquiries, re-appraisals and objections of its
 * customer companies, each moved only through AppraisalCaseStore with the caller as actor.
 */
@Injectable()
export class AppraisalService {
  constructor(
    private readonly cases: AppraisalCaseRepository,
    private readonly records: EvalRecordRepository,
    private readonly accounts: AccountRepository,
    private readonly organizations: OrganizationRepository,
    private readonly communities: CommunityQueries,
    private readonly marketCases: MarketStatsQueries,
    private readonly store: AppraisalCaseStore,
    private readonly market: MarketStatsService,
    private readonly audit: AuditTrail,
  ) {}

  /** Open cases first, overdue ones first among them, then by due time; answered ones newest first. */
  async queue(p: Principal, q: AppraisalQueueQuery): Promise<AppraisalQueuePage> {
    const { rows, total } = await this.cases.queue(
      p.tenantId,
      {
        kind: q.kind,
        state: q.state,
        city: q.city,
        age: q.age,
        assigneeId: q.mine ? p.id : undefined,
      },
      q,
    );
    const companies = await this.organizations.names(rows.map((c) => c.companyId));
    const now = new Date();
    return pagedList(
      rows.map((c) => this.row(c, p, companies, now)),
      total,
      q.pageIndex,
      q.pageSize,
    );
  }

  counts(p: Principal): Promise<AppraisalCounts> {
    return this.cases.queueCounts(p.tenantId, p.id);
  }

  async detail(p: Principal, id: number): Promise<AppraisalCaseDetail> {
    const c = await this.find(p, id);
    const [history, requester, valuation, community] = await Promise.all([
      this.store.historyOf(c.id),
      this.requester(c),
      this.valuation(c),
      c.haCode ? this.communities.byHaCode(c.haCode) : Promise.resolve(null),
    ]);
    const [recentCases, priceTrend] = await Promise.all([
      community ? this.recentCases(community.id, c.evalType) : Promise.resolve([]),
      this.trend(c, valuation?.record ?? null),
    ]);
    return {
      ...appraisalCaseView(c, history),
      kindName: APPRAISAL_KIND_LABELS[c.kind],
      mine: isMine(c, p),
      requester,
      valuation,
      recentCases,
      priceTrend,
    };
  }

  /** The attachment of a case, for download. */
  async file(p: Principal, id: number, index: number): Promise<CaseFile> {
    const c = await this.find(p, id);
    const file = c.files[index];
    if (!file) throw ApiError.notFound(AppraisalMsg.fileIndexInvalid);
    return file;
  }

  claim(p: Principal, input: AppraisalClaimInput, ip?: string) {
    return this.act(p, input.id, { type: 'CLAIM', actor: actorOf(p) }, input.version, '领取案件', AppraisalMsg.claimed, ip);
  }

  release(p: Principal, input: AppraisalClaimInput, ip?: string) {
    return this.act(p, input.id, { type: 'RELEASE', actor: actorOf(p) }, input.version, '释放案件', AppraisalMsg.released, ip);
  }

  async answer(p: Principal, input: AppraisalAnswerInput, ip?: string) {
    const c = await this.find(p, input.id);
    const checked = answerForKind(c.kind, input);
    if (!checked.ok) throw ApiError.badRequest(checked.message);
    return this.act(
      p,
      input.id,
      { type: 'ANSWER', actor: actorOf(p), ...checked.answer },
      input.version,
      '答复案件',
      AppraisalMsg.answered,
      ip,
    );
  }

  refuse(p: Principal, input: AppraisalRefuseInput, ip?: string) {
    return this.act(
      p,
      input.id,
      { type: 'REFUSE', actor: actorOf(p), reason: input.reason },
      input.version,
      '退回案件',
      AppraisalMsg.refused,
      ip,
    );
  }

  private async act(
    p: Principal,
    id: number,
    event: AppraisalCaseEvent,
    version: number,
    action: string,
    message: string,
    ip?: string,
  ): Promise<Reply<AppraisalCaseView>> {
    let updated: AppraisalCaseEntity;
    try {
      updated = await this.store.apply(String(id), p.tenantId, event, version);
    } catch (error) {
      if (error instanceof CaseConflictError) throw ApiError.conflict(error.message);
      if (error instanceof CaseRefusedError) throw ApiError.badRequest(error.message);
      if (error instanceof CaseNotFoundError) throw ApiError.notFound(error.message);
      throw error;
    }
    await this.audit.record(p, action, `${APPRAISAL_KIND_LABELS[updated.kind]} ${updated.caseNo}`, ip);
    return new Reply(appraisalCaseView(updated, await this.store.historyOf(updated.id)), message);
  }

  private async find(p: Principal, id: number): Promise<AppraisalCaseEntity> {
    const c = await this.cases.findInTenant(id, p.tenantId);
    if (!c) throw ApiError.notFound(WorkflowMsg.notFound);
    return c;
  }

  private row(c: AppraisalCaseEntity, p: Principal, companies: Map<number, string>, now: Date): AppraisalQueueRow {
    return {
      id: Number(c.id),
      caseNo: c.caseNo,
      kind: c.kind,
      kindName: APPRAISAL_KIND_LABELS[c.kind],
      state: c.state,
      machineState: c.machineState,
      cityName: c.cityName,
      haName: c.haName,
      location: c.location,
      cardAddress: c.cardAddress,
      evalType: c.evalType,
      bldgArea: num(c.bldgArea),
      submitTime: caseTime(c.createdAt),
      dueTime: caseTime(c.dueAt),
      overdue: c.state === 1 && now.getTime() > c.dueAt.getTime(),
      assigneeName: c.context.assigneeName,
      mine: isMine(c, p),
      version: c.version,
      companyName: companies.get(c.companyId) ?? '',
    };
  }

  private async requester(c: AppraisalCaseEntity): Promise<AppraisalRequester | null> {
    const account = await this.accounts.find('user', c.accountId);
    if (!account || account.tenantId !== c.tenantId) return null;
    const names = await this.organizations.names([c.organizationId, c.companyId]);
    return {
      accountName: account.userName,
      loginUser: account.loginUser,
      organizationName: names.get(c.organizationId) ?? '',
      companyName: names.get(c.companyId) ?? '',
    };
  }

  private async valuation(c: AppraisalCaseEntity): Promise<AppraisalCaseDetail['valuation']> {
    if (!c.evalCode) return null;
    const record = await this.records.findInTenant(c.evalCode, c.tenantId);
    if (!record) return null;
    return { record: evalRecordView(record), samples: storedResult(record).samples ?? [] };
  }

  private recentCases(communityId: number, tradeType: number): Promise<AppraisalMarketCase[]> {
    return this.marketCases.recentCases(communityId, tradeType, addMonths(businessToday(), -RECENT_CASE_MONTHS), RECENT_CASE_LIMIT);
  }

  /** The trend of the valuation the case starts from (as its report shows it), else of the case's place up to its month. */
  private trend(c: AppraisalCaseEntity, record: EvalRecord | null): Promise<AppraisalCaseDetail['priceTrend']> {
    if (record) return this.market.valuationTrend(record);
    const propType = typeof c.houseInfo.propType === 'number' ? c.houseInfo.propType : Number(c.houseInfo.propType) || RESIDENTIAL;
    return this.market.trend({ haCode: c.haCode, cityCode: c.cityCode }, c.evalType, propType, monthKey(c.createdAt));
  }
}

const actorOf = (p: Principal): CaseActor => ({ population: 'tenant', id: p.id, name: p.userName });
