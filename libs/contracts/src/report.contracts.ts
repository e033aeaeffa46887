/**
 * Formal reports: inquiry (询价报告, type 1) and advisory (咨询报告, type 2) reports of a valuation,
 * rendered to PDF by the workers; the report configuration of the channel; public verification.
 */
import { z } from 'zod';
import { evalRecordSchema, evalResultSchema, evalTrendSchema } from './eval.contracts';
import {
  communityAroundSchema,
  communityDetailSchema,
  monthSeriesSchema,
  nearbyCommunitySchema,
  priceDistributionSchema,
  roomTypeSeriesSchema,
} from './market.contracts';

export const reportTypeSchema = z
  .literal([1, 2])
  .describe('1 inquiry report (询价报告), 2 advisory report (咨询报告, the channel\'s "consulting" report).');
export type ReportType = z.infer<typeof reportTypeSchema>;

export const reportStateSchema = z
  .literal([1, 2, 3])
  .describe('1 rendering, 2 ready, 3 failed (the copy was refunded; ordering again starts afresh).');
export type ReportState = z.infer<typeof reportStateSchema>;

export const reportImageTypeSchema = z
  .literal([1, 2, 3, 4, 5])
  .describe('Images of a report configuration: 1 business licence, 2 certificate, 3 and 4 appraiser signatures, 5 report seal.');
export type ReportImageType = z.infer<typeof reportImageTypeSchema>;

export const reportBrandingSchema = z
  .object({
    reportName: z.string(),
    reportStatement: z.string(),
    reportSign: z.string().describe('Signature line of the advisory report; empty for inquiry reports.'),
    issuer: z.string().describe("Name of the issuing company (the tenant's site configuration)."),
  })
  .meta({ id: 'ReportBranding', description: 'The texts of a report configuration as the report prints them.' });
export type ReportBranding = z.infer<typeof reportBrandingSchema>;

export const reportDocumentSchema = z
  .object({
    reportType: reportTypeSchema,
    reportCode: z.string(),
    reportDate: z.string().describe('yyyy-MM-dd'),
    verifyUrl: z.string().describe('Public page the QR code opens.'),
    branding: reportBrandingSchema,
    images: z
      .partialRecord(reportImageTypeSchema, z.string())
      .describe('Object keys of the configuration images the report prints (advisory reports).'),
    result: evalResultSchema,
    get appraisal() {
      return reportAppraisalSchema
        .nullable()
        .optional()
        .describe("The appraiser's answer, in the advisory report of a manual enquiry or re-appraisal.");
    },
    trend: evalTrendSchema.describe(
      'The price trend of the valuation over the last 2 years (sale or lease as the valuation), as GET api/eval/pm gives it.',
    ),
    supply: monthSeriesSchema.describe('Monthly number of cases (supply) over the last 2 years.'),
    distribution: priceDistributionSchema.describe('Cases by unit price bucket over the last 5 years.'),
    roomTypes: roomTypeSeriesSchema.describe('Share of cases by room count over the last 5 years.'),
    community: communityDetailSchema.nullable(),
    nearby: z
      .array(nearbyCommunitySchema)
      .describe("Nearby communities within 1 km, nearest first, the subject's own community excluded (at most 20)."),
    around: communityAroundSchema,
  })
  .meta({
    id: 'ReportDocument',
    description:
      "Everything a report shows, frozen when the report is ordered: the valuation with its samples and weights, the community's market and surroundings, the branding, the code and the address of its verification page. Images of the configuration are read when the report is rendered.",
  });
export type ReportDocument = z.infer<typeof reportDocumentSchema>;

export const reportAppraisalSchema = z
  .object({
    caseNo: z.string(),
    kindName: z.string().describe('人工询价 or 人工复评.'),
    appraiserName: z.string().nullable(),
    reviewTime: z.string().nullable().describe('yyyy-MM-dd HH:mm:ss'),
    reply: z.string().nullable(),
    originalPrice: z.number().nullable().describe('The price the re-appraisal contested, in yuan (monthly rent for leases).'),
  })
  .meta({ id: 'ReportAppraisal', description: 'The answer of an appraisal case as its advisory report prints it.' });
export type ReportAppraisal = z.infer<typeof reportAppraisalSchema>;

export const advisorySigningSchema = z
  .object({
    seal: z.boolean().describe('The consulting report that applies to the caller carries a report seal (image 5).'),
    signatures: z.boolean().describe('It carries both appraiser signatures (images 3 and 4).'),
  })
  .describe('Whether the consulting reports the caller orders are sealed and signed.');
export type AdvisorySigning = z.infer<typeof advisorySigningSchema>;

export const reportInfoSchema = z
  .object({
    reportCode: z.string(),
    reportType: reportTypeSchema,
    state: reportStateSchema,
    evalCode: z.string().describe("The valuation's code; for the report of an appraisal case, the case number."),
    caseId: z.number().nullable().describe('The appraisal case of a case report, else null.'),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    finishTime: z.string().nullable().describe('yyyy-MM-dd HH:mm:ss; null until rendered.'),
    sha256: z.string().nullable().describe('Hex SHA-256 of the PDF; null until rendered.'),
    size: z.number().nullable().describe('Bytes of the PDF; null until rendered.'),
    error: z.string().nullable().describe('Why rendering failed (state 3).'),
  })
  .meta({ id: 'ReportInfo', description: 'A report as GET api/eval/inquiry/get and api/eval/advisory/get give it.' });
export type ReportInfo = z.infer<typeof reportInfoSchema>;

export const reportWithRecordSchema = z
  .object({
    report: reportInfoSchema.nullable(),
    record: evalRecordSchema,
  })
  .meta({
    id: 'ReportWithRecord',
    description: 'GET api/eval/inquiry/get and api/eval/advisory/get: the report (null when none was ordered) and the record.',
  });
export type ReportWithRecord = z.infer<typeof reportWithRecordSchema>;

export const caseReportWithCaseSchema = z
  .object({
    report: reportInfoSchema.nullable(),
    case: z.object({
      id: z.number(),
      caseNo: z.string(),
      kind: z.enum(['artificial', 'review']),
      state: z.literal([1, 2, 3, 4]),
      evalType: z.literal([1, 2]),
      cityName: z.string(),
      haName: z.string().nullable(),
      location: z.string().nullable(),
      cardAddress: z.string().nullable(),
      reviewTotalPrice: z.number().nullable(),
    }),
    offered: z.boolean(),
  })
  .meta({
    id: 'CaseReportWithCase',
    description:
      'GET api/artificial/advisory/get and api/review/advisory/get: the advisory report of a case (null when none was ordered), the case in brief, and whether a report may be ordered for it.',
  });
export type CaseReportWithCase = z.infer<typeof caseReportWithCaseSchema>;

export const reportVerificationSchema = z
  .object({
    reportCode: z.string(),
    reportType: reportTypeSchema,
    reportName: z.string(),
    issuer: z.string(),
    reportDate: z.string().describe('yyyy-MM-dd'),
    cityName: z.string(),
    haName: z.string().nullable(),
    address: z.string().nullable(),
    bldgArea: z.number(),
    evalType: z.literal([1, 2]),
    totalPrice: z.number().nullable(),
    unitPrice: z.number().nullable(),
    sha256: z.string(),
  })
  .meta({ id: 'ReportVerification', description: 'GET api/report/verify (public): what a printed report can be checked against.' });
export type ReportVerification = z.infer<typeof reportVerificationSchema>;

export const reportConfigSchema = z
  .object({
    id: z.number().nullable(),
    reportType: reportTypeSchema,
    reportName: z.string(),
    reportStatement: z.string(),
    reportSign: z.string(),
    images: z.record(reportImageTypeSchema, z.boolean()).describe('Which images are set, by image type.'),
  })
  .meta({ id: 'ReportConfig', description: 'GET api/tenant/report-config/get: the configuration of one report type.' });
export type ReportConfig = z.infer<typeof reportConfigSchema>;
