import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { EvalReportEntity } from '../entities';

type ReportType = EvalReportEntity['reportType'];

/** What an order writes: the report's subject, who ordered it, its document and the charge that paid for it. */
export interface ReportOrder {
  reportCode: string;
  reportType: ReportType;
  /** The eval_code column: the valuation's code, or the case number. */
  subjectKey: string;
  evalRecordId: string | null;
  caseId: string | null;
  tenantId: number;
  companyId: number | null;
  organizationId: number | null;
  accountId: number;
  /** The client the report was ordered from. */
  source: number;
  document: EvalReportEntity['document'];
  charge: EvalReportEntity['charge'];
}

/** Formal reports (inquiry 1, advisory 2) of valuation records and of answered cases. */
@Injectable()
export class EvalReportRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The report of a subject (a valuation's code or a case number) and type, whatever its state. */
  findBySubject(subjectKey: string, reportType: ReportType): Promise<EvalReportEntity | null> {
    return this.ds.getRepository(EvalReportEntity).findOneBy({ evalCode: subjectKey, reportType });
  }

  findByCode(reportCode: string, tenantId: number): Promise<EvalReportEntity | null> {
    return this.ds.getRepository(EvalReportEntity).findOneBy({ reportCode, tenantId });
  }

  /** A rendered report (state 2) by its code, in any tenant: what the public verification reads. */
  findRendered(reportCode: string): Promise<EvalReportEntity | null> {
    return this.ds.getRepository(EvalReportEntity).findOneBy({ reportCode, state: 2 });
  }

  /**
   * Writes the order of a report, or replaces a failed one (state 3) of the same subject and type,
   * in the caller's transaction. Null when a live report of the subject exists (another request
   * ordered it first).
   */
  async placeOrder(m: EntityManager, order: ReportOrder): Promise<string | null> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO eval_report (report_code, report_type, eval_code, eval_record_id, case_id, tenant_id, company_id, organization_id, account_id, state, document, charge, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10::jsonb, $11::jsonb, $12)
       ON CONFLICT (eval_code, report_type) DO UPDATE
          SET report_code = EXCLUDED.report_code, state = 1, source = EXCLUDED.source, document = EXCLUDED.document, charge = EXCLUDED.charge, pdf_key = NULL,
              sha256 = NULL, size = NULL, error = NULL, render_ms = NULL, finished_at = NULL, created_at = now(), updated_at = now()
        WHERE eval_report.state = 3
       RETURNING id`,
      [
        order.reportCode,
        order.reportType,
        order.subjectKey,
        order.evalRecordId,
        order.caseId,
        order.tenantId,
        order.companyId,
        order.organizationId,
        order.accountId,
        JSON.stringify(order.document),
        JSON.stringify(order.charge),
        order.source,
      ],
    );
    return rows.length ? String(rows[0].id) : null;
  }

  /** The types of the live (rendering or ready) reports of each valuation, by its code. */
  async liveTypesByRecord(evalCodes: readonly string[]): Promise<Map<string, Set<number>>> {
    const byCode = new Map<string, Set<number>>();
    if (evalCodes.length === 0) return byCode;
    const rows: { code: string; type: number }[] = await this.ds.query(
      `SELECT eval_code AS code, report_type AS type FROM eval_report WHERE eval_code = ANY($1::varchar[]) AND state IN (1, 2)`,
      [evalCodes],
    );
    for (const r of rows) byCode.set(r.code, (byCode.get(r.code) ?? new Set()).add(r.type));
    return byCode;
  }

  /** The ids among the cases that have a live (rendering or ready) advisory report. */
  async casesWithLiveAdvisory(tenantId: number, caseIds: readonly string[]): Promise<Set<string>> {
    if (!caseIds.length) return new Set();
    const rows: { id: string }[] = await this.ds.query(
      `SELECT case_id AS id FROM eval_report WHERE tenant_id = $1 AND report_type = 2 AND state IN (1, 2) AND case_id = ANY($2::bigint[])`,
      [tenantId, caseIds],
    );
    return new Set(rows.map((r) => String(r.id)));
  }
}
