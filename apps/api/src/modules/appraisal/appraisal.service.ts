import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type {
  AppraisalCaseDetail,
  AppraisalCaseView,
  AppraisalCounts,
  AppraisalMarketCase,
  AppraisalQueuePage,
  AppraisalQueueRow,
  AppraisalRequester,
} from '@valuation/contracts';
import {
  addMonths,
  answerForKind,
  APPRAISAL_KIND_LABELS,
  AppraisalMsg,
  businessToday,
  WorkflowMsg,
  type AppraisalAnswerInput,
  type AppraisalCaseEvent,
  type AppraisalClaimInput,
  type AppraisalQueueQuery,
  type AppraisalRefuseInput,
  type CaseActor,
} from '@valuation/domain';
import {
  AccountEntity,
  AppraisalCaseEntity,
  CommunityEntity,
  EvalRecordEntity,
  OrganizationEntity,
  type CaseFile,
} from '@valuation/persistence';
import { appraisalCaseView, AppraisalCaseStore, CaseConflictError, CaseNotFoundError, CaseRefusedError, caseTime } from '@valuation/core';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AuditTrail } from '../auth/audit-trail.service';
import { MarketStatsService } from '../community/market-stats.service';
import { evalRecordView, storedResult } from '../eval/eval-record.view';

/** Recent community cases: the last 12 months, at most 20. */
const RECENT_CASE_MONTHS = 12;
const RECENT_CASE_LIMIT = 20;
/** Years of the community's price trend. */
const TREND_YEARS = 2;
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
    @InjectDataSource() private readonly ds: DataSource,
    private readonly store: AppraisalCaseStore,
    private readonly market: MarketStatsService,
    private readonly audit: AuditTrail,
  ) {}

  /** Open cases first, overdue ones first among them, then by due time; answered ones newest first. */
  async queue(p: Principal, q: AppraisalQueueQuery): Promise<AppraisalQueuePage> {
    const where: string[] = ['c.tenant_id = $1'];
    const params: unknown[] = [p.tenantId];
    const param = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (q.kind !== 'all') where.push(`c.kind = ${param(q.kind)}`);
    if (q.state === 'open') where.push('c.state = 1');
    if (q.state === 'answered') where.push('c.state IN (2, 3)');
    if (q.city) {
      const city = param(q.city);
      where.push(`(c.city_code = ${city} OR c.city_name LIKE ${param(`${q.city.replace(/[\\%_]/g, '\\$&')}%`)})`);
    }
    if (q.age && 'within' in q.age) where.push(`c.created_at >= now() - make_interval(days => ${param(q.age.within)}::int)`);
    if (q.age && 'olderThan' in q.age) where.push(`c.created_at < now() - make_interval(days => ${param(q.age.olderThan)}::int)`);
    if (q.mine) where.push(`(c.context->>'assigneeId')::int = ${param(p.id)}`);
    const rows: { id: string; total: number }[] = await this.ds.query(
      `SELECT c.id, count(*) OVER ()::int AS total
         FROM appraisal_case c
        WHERE ${where.join(' AND ')}
        ORDER BY (c.state = 1) DESC, (c.state = 1 AND c.due_at < now()) DESC,
                 CASE WHEN c.state = 1 THEN c.due_at END ASC, coalesce(c.reviewed_at, c.created_at) DESC, c.id DESC
        LIMIT ${param(q.pageSize)} OFFSET ${param((q.pageIndex - 1) * q.pageSize)}`,
      params,
    );
    const total = rows[0]?.total ?? (q.pageIndex > 1 ? await this.count(where, params.slice(0, -2)) : 0);
    const cases = rows.length
      ? await this.ds
          .getRepository(AppraisalCaseEntity)
          .createQueryBuilder('c')
          .whereInIds(rows.map((r) => r.id))
          .getMany()
      : [];
    const byId = new Map(cases.map((c) => [c.id, c]));
    const companies = await this.organizationNames(cases.map((c) => c.companyId));
    const now = new Date();
    const list = rows
      .map((r) => byId.get(r.id))
      .filter((c): c is AppraisalCaseEntity => !!c)
      .map((c) => this.row(c, p, companies, now));
    return { list, pages: Math.ceil(total / q.pageSize), pageNum: q.pageIndex, total };
  }

  async counts(p: Principal): Promise<AppraisalCounts> {
    const [row]: AppraisalCounts[] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE state = 1)::int AS open,
              count(*) FILTER (WHERE state = 1 AND due_at < now())::int AS overdue,
              count(*) FILTER (WHERE state = 1 AND (context->>'assigneeId')::int = $2)::int AS mine
         FROM appraisal_case WHERE tenant_id = $1`,
      [p.tenantId, p.id],
    );
    return row;
  }

  async detail(p: Principal, id: number): Promise<AppraisalCaseDetail> {
    const c = await this.find(p, id);
    const [history, requester, valuation, community] = await Promise.all([
      this.store.historyOf(c.id),
      this.requester(c),
      this.valuation(c),
      c.haCode ? this.ds.getRepository(CommunityEntity).findOneBy({ haCode: c.haCode }) : Promise.resolve(null),
    ]);
    const [recentCases, priceTrend] = community
      ? await Promise.all([this.recentCases(community.id, c.evalType), this.trend(community, c)])
      : [[], []];
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
    const c = await this.ds.getRepository(AppraisalCaseEntity).findOneBy({ id: String(id), tenantId: p.tenantId });
    if (!c) throw ApiError.notFound(WorkflowMsg.notFound);
    return c;
  }

  private async count(where: string[], params: unknown[]): Promise<number> {
    const [row]: { total: number }[] = await this.ds.query(
      `SELECT count(*)::int AS total FROM appraisal_case c WHERE ${where.join(' AND ')}`,
      params,
    );
    return row.total;
  }

  private async organizationNames(ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const orgs = await this.ds.getRepository(OrganizationEntity).createQueryBuilder('o').whereInIds(unique).getMany();
    return new Map(orgs.map((o) => [o.id, o.name]));
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
    const account = await this.ds.getRepository(AccountEntity).findOneBy({ id: c.accountId, tenantId: c.tenantId });
    if (!account) return null;
    const names = await this.organizationNames([c.organizationId, c.companyId]);
    return {
      accountName: account.userName,
      loginUser: account.loginUser,
      organizationName: names.get(c.organizationId) ?? '',
      companyName: names.get(c.companyId) ?? '',
    };
  }

  private async valuation(c: AppraisalCaseEntity): Promise<AppraisalCaseDetail['valuation']> {
    if (!c.evalCode) return null;
    const record = await this.ds.getRepository(EvalRecordEntity).findOneBy({ evalCode: c.evalCode, tenantId: c.tenantId });
    if (!record) return null;
    return { record: evalRecordView(record), samples: storedResult(record).samples ?? [] };
  }

  private async recentCases(communityId: number, tradeType: number): Promise<AppraisalMarketCase[]> {
    const rows: {
      id: string;
      case_date: string;
      area: number;
      floor: number | null;
      total_floors: number | null;
      rooms: number | null;
      halls: number | null;
      total_price: number;
      unit_price: number;
      source: string;
    }[] = await this.ds.query(
      `SELECT id, to_char(case_date, 'YYYY-MM-DD') AS case_date, area::float8 AS area, floor, total_floors, rooms, halls,
                total_price::float8 AS total_price, unit_price::float8 AS unit_price, source
           FROM market_case
          WHERE community_id = $1 AND trade_type = $2 AND case_date >= $3::date
          ORDER BY case_date DESC, id DESC
          LIMIT $4`,
      [communityId, tradeType, addMonths(businessToday(), -RECENT_CASE_MONTHS), RECENT_CASE_LIMIT],
    );
    return rows.map((r) => ({
      id: r.id,
      caseDate: r.case_date,
      area: r.area,
      floor: r.floor,
      totalFloors: r.total_floors,
      rooms: r.rooms,
      halls: r.halls,
      totalPrice: r.total_price,
      unitPrice: r.unit_price,
      source: r.source,
    }));
  }

  private async trend(community: CommunityEntity, c: AppraisalCaseEntity): Promise<AppraisalCaseDetail['priceTrend']> {
    const propType = typeof c.houseInfo.propType === 'number' ? c.houseInfo.propType : Number(c.houseInfo.propType) || RESIDENTIAL;
    const series = await this.market.monthly(community, {
      tradeType: c.evalType === 2 ? 'lease' : 'forsale',
      propType,
      sinceYear: TREND_YEARS,
      statType: 'price',
      statKey: undefined,
    });
    return series.rows.map((r) => ({ month: r.month, price: r.data }));
  }
}

const actorOf = (p: Principal): CaseActor => ({ population: 'tenant', id: p.id, name: p.userName });
