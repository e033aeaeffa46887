import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ReportDocument, ReportImageType } from '@valuation/contracts';
import type { EvalReportEntity } from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { QuotaService, type Charge } from '../quota';
import { reportPdfKey, reportQuotaKind, reportRenderJobId } from './report-code';
import { qrSvg, renderReportHtml } from './template';

/** What a worker needs to render one waiting report. */
export interface ReportToRender {
  id: string;
  reportCode: string;
  html: string;
  /** Left side of the page footer. */
  footer: string;
}

type RenderRow = Pick<EvalReportEntity, 'id' | 'reportCode' | 'reportType' | 'tenantId' | 'accountId' | 'state' | 'document' | 'charge'>;

/** Bytes of a few image formats, recognised from their first bytes, as their MIME type. */
function imageType(bytes: Buffer): string {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  return 'application/octet-stream';
}

/**
 * The server side of a report's life after it was ordered: its HTML (the configuration images
 * inlined, so the page needs nothing from outside), the stored PDF with its SHA-256, and the end
 * of a report that could not be rendered, whose copy is refunded.
 */
@Injectable()
export class ReportRenderService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly storage: ObjectStorage,
    private readonly quota: QuotaService,
  ) {}

  /** The HTML of a report document, as the PDF and the screen show it. */
  async html(document: ReportDocument): Promise<string> {
    const images: Partial<Record<ReportImageType, string>> = {};
    for (const [type, key] of Object.entries(document.images) as [string, string][]) {
      const bytes = await this.storage.getBuffer(key).catch(() => null);
      if (bytes) images[Number(type) as ReportImageType] = `data:${imageType(bytes)};base64,${bytes.toString('base64')}`;
    }
    return renderReportHtml(document, { images, qrSvg: qrSvg(document.verifyUrl) });
  }

  /** The report with its HTML when it is waiting to be rendered (state 1); null otherwise. */
  async prepare(reportId: string): Promise<ReportToRender | null> {
    const row = await this.row(reportId);
    if (!row || row.state !== 1) return null;
    return { id: row.id, reportCode: row.reportCode, html: await this.html(row.document), footer: `报告编号：${row.reportCode}` };
  }

  /** Stores the PDF and marks the report ready; false when it was no longer waiting. */
  async complete(reportId: string, pdf: Buffer, renderMs: number): Promise<boolean> {
    const row = await this.row(reportId);
    if (!row || row.state !== 1) return false;
    const key = reportPdfKey(row.tenantId, row.reportCode);
    await this.storage.put(key, pdf, pdf.length, 'application/pdf');
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const updated: unknown[] = await this.ds.query(
      `WITH done AS (
         UPDATE eval_report SET state = 2, pdf_key = $2, sha256 = $3, size = $4, render_ms = $5, error = NULL, finished_at = now(), updated_at = now()
          WHERE id = $1 AND state = 1 RETURNING id)
       SELECT id FROM done`,
      [reportId, key, sha256, pdf.length, Math.round(renderMs)],
    );
    return updated.length > 0;
  }

  /** Ends a waiting report in state 3 and refunds its copy, in one transaction; false when it was not waiting. */
  fail(reportId: string, reason: string): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const [row]: (Pick<RenderRow, 'reportCode' | 'reportType' | 'tenantId' | 'accountId'> & { charge: Charge })[] = await m.query(
        `WITH failed AS (
           UPDATE eval_report SET state = 3, error = $2, finished_at = now(), updated_at = now() WHERE id = $1 AND state = 1
           RETURNING report_code AS "reportCode", report_type AS "reportType", tenant_id AS "tenantId", account_id AS "accountId", charge)
         SELECT * FROM failed`,
        [reportId, reason.slice(0, 500)],
      );
      if (!row) return false;
      await this.quota.refund(m, row.charge, {
        tenantId: row.tenantId,
        accountId: row.accountId,
        refType: reportQuotaKind(row.reportType),
        refId: row.reportCode,
      });
      return true;
    });
  }

  /** Reports waiting to be rendered for longer than `seconds`, with the job id of their order. */
  async stalled(seconds: number, limit = 100): Promise<{ reportId: string; jobId: string }[]> {
    const rows: { id: string; ledgerId: string }[] = await this.ds.query(
      `SELECT id, charge->>'ledgerId' AS "ledgerId" FROM eval_report
        WHERE state = 1 AND updated_at < now() - make_interval(secs => $1) ORDER BY id LIMIT $2`,
      [seconds, limit],
    );
    return rows.map((r) => ({ reportId: String(r.id), jobId: reportRenderJobId(String(r.id), r.ledgerId) }));
  }

  private async row(reportId: string): Promise<RenderRow | null> {
    const [row]: RenderRow[] = await this.ds.query(
      `SELECT id, report_code AS "reportCode", report_type AS "reportType", tenant_id AS "tenantId", account_id AS "accountId", state, document, charge
         FROM eval_report WHERE id = $1`,
      [reportId],
    );
    return row ? { ...row, id: String(row.id) } : null;
  }
}
