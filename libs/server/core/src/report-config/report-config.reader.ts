import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ReportImageType, ReportType } from '@valuation/contracts';
import { REPORT_CONFIG_DEFAULTS } from '@valuation/domain';
import { ReportConfigEntity } from '@valuation/persistence';

/** The report configuration that applies to a report: its texts and the object keys of its images. */
export interface ResolvedReportConfig {
  reportName: string;
  reportStatement: string;
  reportSign: string;
  imageKeys: Partial<Record<ReportImageType, string>>;
}

/**
 * Reads the report configuration of a report type from the most specific owner: the customer
 * company's override, else the tenant's own configuration, else the defaults.
 */
@Injectable()
export class ReportConfigReader {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async resolve(tenantId: number, companyId: number | null, reportType: ReportType): Promise<ResolvedReportConfig> {
    const query = this.ds
      .getRepository(ReportConfigEntity)
      .createQueryBuilder('c')
      .where('c.tenantId = :tenantId AND c.reportType = :reportType', { tenantId, reportType });
    if (companyId === null) query.andWhere('c.companyId IS NULL');
    else query.andWhere('(c.companyId = :companyId OR c.companyId IS NULL)', { companyId });
    const row = await query.orderBy('c.companyId', 'ASC', 'NULLS LAST').limit(1).getOne();
    if (!row) return { ...REPORT_CONFIG_DEFAULTS[reportType], imageKeys: {} };
    return {
      reportName: row.reportName,
      reportStatement: row.reportStatement,
      reportSign: row.reportSign,
      imageKeys: { ...row.imageKeys },
    };
  }
}
