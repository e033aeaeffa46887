import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { EvalRecordEntity, LoanApplicationEntity, LoanApplicationHistoryEntity } from '../entities';
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
import type { AssetOwner } from './asset-type.repository';

/** The filters of the loan application list and its export. */
export interface LoanApplyFilterQuery extends CreatedWithin {
  applyNo?: string;
  borrower?: string;
  state?: number;
}

/** The codes of the live reports (rendering or ready) of a valuation. */
export interface LoanApplyReports {
  inquiry: string | null;
  advisory: string | null;
}

/** An application with the valuation record securing it (null when it is gone) and that record's reports. */
export interface LoanApplicationListed {
  application: LoanApplicationEntity;
  record: EvalRecordEntity | null;
  reports: LoanApplyReports;
}

export type LoanApplicationRow = Omit<LoanApplicationEntity, 'id' | 'createdAt' | 'updatedAt'>;

export type LoanApplicationHistoryRow = Omit<LoanApplicationHistoryEntity, 'id' | 'createdAt'>;

const NO_REPORTS: LoanApplyReports = { inquiry: null, advisory: null };

/**
 * Loan applications of customer companies, read within a caller's records data range, with the
 * valuation records of their company that secure them.
 */
@Injectable()
export class LoanApplicationRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Applications of the scope, aliased `a`. */
  private scoped(scope: DataScope, m: EntityManager = this.ds.manager): SelectQueryBuilder<LoanApplicationEntity> {
    return inDataRange(m.getRepository(LoanApplicationEntity).createQueryBuilder('a'), 'a', scope);
  }

  private filtered(scope: DataScope, f: LoanApplyFilterQuery): SelectQueryBuilder<LoanApplicationEntity> {
    const qb = this.scoped(scope);
    whereContains(qb, 'a', 'applyNo', ['applyNo'], f.applyNo);
    whereContains(qb, 'a', 'borrower', ['borrower'], f.borrower);
    whereCreated(qb, 'a', f);
    if (f.state !== undefined) qb.andWhere('a.state = :state', { state: f.state });
    return qb.orderBy('a.createdAt', 'DESC').addOrderBy('a.id', 'DESC');
  }

  /** A page of the filtered applications, newest first. */
  async page(scope: DataScope, filter: LoanApplyFilterQuery, page: PageRequest): Promise<PageRows<LoanApplicationListed>> {
    const { rows, total } = await fetchPage(this.filtered(scope, filter), page);
    return { rows: await this.withCollateral(rows), total };
  }

  /** The newest `limit` filtered applications, in batches. */
  async *batches(scope: DataScope, filter: LoanApplyFilterQuery, limit: number): AsyncGenerator<LoanApplicationListed[]> {
    for await (const rows of fetchBatches(this.filtered(scope, filter), limit)) yield await this.withCollateral(rows);
  }

  /** An application of the scope with its collateral. */
  async find(scope: DataScope, id: number): Promise<LoanApplicationListed | null> {
    const row = await this.scoped(scope).andWhere('a.id = :id', { id }).getOne();
    return row ? (await this.withCollateral([row]))[0] : null;
  }

  /** An application of the scope, locked for the change about to be made. */
  findForChange(m: EntityManager, scope: DataScope, id: number): Promise<LoanApplicationEntity | null> {
    return this.scoped(scope, m).andWhere('a.id = :id', { id }).setLock('pessimistic_write').getOne();
  }

  /** Whether another application of the company has this number. */
  async applyNoTaken(m: EntityManager, owner: AssetOwner, applyNo: string, exceptId = 0): Promise<boolean> {
    return m
      .getRepository(LoanApplicationEntity)
      .createQueryBuilder('a')
      .where('a.tenantId = :tenantId AND a.companyId = :companyId AND a.applyNo = :applyNo AND a.id <> :exceptId', {
        ...owner,
        applyNo,
        exceptId,
      })
      .getExists();
  }

  /** Whether another application of the company was approved with this loan number. */
  async loanNoTaken(m: EntityManager, owner: AssetOwner, loanNo: string, exceptId: number): Promise<boolean> {
    return m
      .getRepository(LoanApplicationEntity)
      .createQueryBuilder('a')
      .where('a.tenantId = :tenantId AND a.companyId = :companyId AND a.loanNo = :loanNo AND a.id <> :exceptId', {
        ...owner,
        loanNo,
        exceptId,
      })
      .getExists();
  }

  async insert(m: EntityManager, row: LoanApplicationRow): Promise<LoanApplicationEntity> {
    return m.getRepository(LoanApplicationEntity).save(m.getRepository(LoanApplicationEntity).create(row));
  }

  async update(m: EntityManager, id: number, patch: Partial<LoanApplicationRow>): Promise<void> {
    await m.getRepository(LoanApplicationEntity).update({ id }, patch);
  }

  async addHistory(m: EntityManager, row: LoanApplicationHistoryRow): Promise<void> {
    const history = m.getRepository(LoanApplicationHistoryEntity);
    await history.save(history.create(row));
  }

  /** The transitions of an application, oldest first. */
  history(applicationId: number): Promise<LoanApplicationHistoryEntity[]> {
    return this.ds.getRepository(LoanApplicationHistoryEntity).find({ where: { applicationId }, order: { id: 'ASC' } });
  }

  /** A valuation record of the company by its code, whoever filed it. */
  recordOf(m: EntityManager, owner: AssetOwner, evalCode: string): Promise<EvalRecordEntity | null> {
    return m.getRepository(EvalRecordEntity).findOneBy({ tenantId: owner.tenantId, companyId: owner.companyId, evalCode });
  }

  /**
   * The newest sale valuations with a total within the scope (at most `limit`), whose code,
   * certificate address, community or location contains the keyword: what may secure a loan.
   */
  recordChoices(scope: DataScope, keyword: string | undefined, limit: number): Promise<EvalRecordEntity[]> {
    const qb = inDataRange(this.ds.getRepository(EvalRecordEntity).createQueryBuilder('r'), 'r', scope)
      .andWhere('r.evalType = 1')
      .andWhere('r.totalPrice IS NOT NULL');
    whereContains(qb, 'r', 'keyword', ['evalCode', 'cardAddress', 'haName', 'location'], keyword);
    return qb.orderBy('r.createdAt', 'DESC').addOrderBy('r.id', 'DESC').limit(limit).getMany();
  }

  /** The applications with the valuation records of their company that secure them, and those records' live reports. */
  private async withCollateral(rows: readonly LoanApplicationEntity[]): Promise<LoanApplicationListed[]> {
    if (rows.length === 0) return [];
    const codes = [...new Set(rows.map((a) => a.evalCode))];
    const tenantId = rows[0].tenantId;
    const [records, reports] = await Promise.all([
      this.ds
        .getRepository(EvalRecordEntity)
        .createQueryBuilder('r')
        .where('r.tenantId = :tenantId AND r.evalCode IN (:...codes)', { tenantId, codes })
        .getMany(),
      this.ds.query(
        `SELECT eval_code AS code, report_type AS type, report_code AS "reportCode" FROM eval_report
          WHERE tenant_id = $1 AND eval_code = ANY($2::varchar[]) AND state IN (1, 2)`,
        [tenantId, codes],
      ) as Promise<{ code: string; type: number; reportCode: string }[]>,
    ]);
    const recordByCode = new Map(records.map((r) => [r.evalCode, r]));
    const reportsByCode = new Map<string, LoanApplyReports>();
    for (const r of reports) {
      const current = reportsByCode.get(r.code) ?? { ...NO_REPORTS };
      if (Number(r.type) === 1) current.inquiry = r.reportCode;
      else current.advisory = r.reportCode;
      reportsByCode.set(r.code, current);
    }
    return rows.map((application) => {
      const record = recordByCode.get(application.evalCode);
      const own = record && record.companyId === application.companyId ? record : null;
      return { application, record: own, reports: own ? (reportsByCode.get(application.evalCode) ?? NO_REPORTS) : NO_REPORTS };
    });
  }
}
