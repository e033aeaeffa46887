import { Body, Controller, Get, Header, HttpCode, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  advisorySigningSchema,
  caseReportWithCaseSchema,
  reportInfoSchema,
  reportVerificationSchema,
  reportWithRecordSchema,
  type ReportType,
} from '@valuation/contracts';
import { REPORT_CODE_PATTERN, ReportRenderService, sampleReportDocument } from '@valuation/core';
import { caseIdQuerySchema, FormalReportMsg as ReportMsg, Perm } from '@valuation/domain';
import { CurrentPrincipal, Public, RequirePermission } from '../../common/access.decorators';
import { KeyScope } from '../../common/key-scope.decorator';
import { RateLimit } from '../../common/rate-limit.decorator';
import { fileDownload } from '../../common/file-download';
import type { Principal } from '../../common/principal';
import { REPORT_HTML_CSP } from '../../common/security-headers';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { ReportOrderService } from './report-order.service';
import { Returns } from '../../common/api-contract';
import { ReturnsFile } from '../../common/file-answer';

const evalCodeSchema = z.object({
  evalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6,32}$/, '估价编号不正确'),
});
const reportCodeSchema = z.object({ reportCode: z.string().trim().regex(REPORT_CODE_PATTERN, ReportMsg.unknownCode) });
const verifySchema = z.object({ code: z.string().trim().regex(REPORT_CODE_PATTERN, ReportMsg.unknownCode) });
const sampleSchema = z.object({ reportType: z.coerce.number().refine((n) => n === 1 || n === 2, ReportMsg.sampleTypeInvalid) });

/**
 * The page of a report on screen: nothing in it may run or load (the images are inlined), and the
 * web shows it in a sandboxed frame. Its handlers send REPORT_HTML_CSP, for the page opened on its own.
 */
function htmlPage(html: string): StreamableFile {
  const content = Buffer.from(html, 'utf8');
  return new StreamableFile(content, { type: 'text/html; charset=utf-8', length: content.length, disposition: 'inline' });
}

const pdfFile = (content: Buffer, fileName: string) => fileDownload({ content, name: fileName, type: 'application/pdf' });

@ApiTags('估价报告')
@Controller('eval')
export class ReportController {
  constructor(
    private readonly reports: ReportOrderService,
    private readonly renders: ReportRenderService,
  ) {}

  @RequirePermission(Perm.inquiryReport)
  @Returns(reportInfoSchema)
  @RateLimit('report')
  @KeyScope('reports')
  @Post('inquiry/add')
  @HttpCode(200)
  @ApiOperation({ summary: '生成询价报告（JSON evalCode）：扣一份询价报告；已生成的直接返回，不再扣减' })
  addInquiry(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(evalCodeSchema)) body: { evalCode: string }) {
    return this.reports.order(p, body.evalCode, 1);
  }

  @RequirePermission(Perm.inquiryReport)
  @Returns(reportWithRecordSchema)
  @KeyScope('reports')
  @Get('inquiry/get')
  @ApiOperation({ summary: '询价报告：report（未生成时为 null；state 1 生成中、2 已生成、3 失败已退回）与 record' })
  getInquiry(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(evalCodeSchema)) q: { evalCode: string }) {
    return this.reports.get(p, q.evalCode, 1);
  }

  @RequirePermission(Perm.advisoryReport)
  @Returns(reportInfoSchema)
  @RateLimit('report')
  @KeyScope('reports')
  @Post('advisory/add')
  @HttpCode(200)
  @ApiOperation({ summary: '生成咨询报告（JSON evalCode）：扣一份咨询报告；已生成的直接返回，不再扣减' })
  addAdvisory(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(evalCodeSchema)) body: { evalCode: string }) {
    return this.reports.order(p, body.evalCode, 2);
  }

  @RequirePermission(Perm.advisoryReport)
  @Returns(reportWithRecordSchema)
  @KeyScope('reports')
  @Get('advisory/get')
  @ApiOperation({ summary: '咨询报告：report（未生成时为 null；state 1 生成中、2 已生成、3 失败已退回）与 record' })
  getAdvisory(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(evalCodeSchema)) q: { evalCode: string }) {
    return this.reports.get(p, q.evalCode, 2);
  }

  @RequirePermission(Perm.advisoryReport)
  @Returns(advisorySigningSchema)
  @Get('advisory/signing')
  @ApiOperation({ summary: '咨询报告是否已配置报告专用章（seal）与两位估价师签字（signatures）：未配置时生成的报告不含签章' })
  advisorySigning(@CurrentPrincipal() p: Principal) {
    return this.reports.advisorySigning(p);
  }

  @RequirePermission(Perm.inquiryReport)
  @ReturnsFile('application/pdf', '报告 PDF')
  @KeyScope('reports')
  @Get('inquiry/export')
  @ApiOperation({ summary: '导出询价报告 PDF（evalCode；可用 Authorization 查询参数携带令牌）' })
  async exportInquiry(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(evalCodeSchema)) q: { evalCode: string }) {
    const { content, fileName } = await this.reports.recordPdf(p, q.evalCode, 1);
    return pdfFile(content, fileName);
  }

  @RequirePermission(Perm.advisoryReport)
  @ReturnsFile('application/pdf', '报告 PDF')
  @KeyScope('reports')
  @Get('advisory/export')
  @ApiOperation({ summary: '导出咨询报告 PDF（evalCode；可用 Authorization 查询参数携带令牌）' })
  async exportAdvisory(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(evalCodeSchema)) q: { evalCode: string }) {
    const { content, fileName } = await this.reports.recordPdf(p, q.evalCode, 2);
    return pdfFile(content, fileName);
  }

  @RequirePermission(Perm.inquiryReport, Perm.advisoryReport)
  @ReturnsFile('application/pdf', '报告 PDF')
  @Get('report/pdf')
  @ApiOperation({ summary: '下载报告 PDF（reportCode；可用 Authorization 查询参数携带令牌）' })
  async pdf(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(reportCodeSchema)) q: { reportCode: string }) {
    const { content, fileName } = await this.reports.pdf(p, q.reportCode);
    return pdfFile(content, fileName);
  }

  @RequirePermission(Perm.inquiryReport, Perm.advisoryReport)
  @ReturnsFile('text/html', '报告网页')
  @Header('Content-Security-Policy', REPORT_HTML_CSP)
  @Get('report/html')
  @ApiOperation({ summary: '报告的网页版（与 PDF 同一版式）' })
  async html(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(reportCodeSchema)) q: { reportCode: string }) {
    return htmlPage(await this.reports.html(p, q.reportCode));
  }

  @RequirePermission(Perm.inquiryReport, Perm.advisoryReport)
  @ReturnsFile('text/html', '报告网页')
  @Header('Content-Security-Policy', REPORT_HTML_CSP)
  @Get('report/sample')
  @ApiOperation({ summary: '报告样例的网页版：reportType 1 询价报告，2 咨询报告' })
  async sample(@Query(new ZodValidationPipe(sampleSchema)) q: { reportType: ReportType }) {
    return htmlPage(await this.renders.html(sampleReportDocument(q.reportType)));
  }
}

@ApiTags('估价报告')
@Controller('report')
export class ReportVerifyController {
  constructor(private readonly reports: ReportOrderService) {}

  @Public()
  @Returns(reportVerificationSchema)
  @Get('verify')
  @ApiOperation({ summary: '报告验真（无需登录）：code 报告编号；返回报告编号、日期、房产、价值与 PDF 的 SHA-256' })
  verify(@Query(new ZodValidationPipe(verifySchema)) q: { code: string }) {
    return this.reports.verify(q.code);
  }
}

const CASE_ADD_SUMMARY = '生成咨询报告（JSON id）：仅有人工估价结果的可生成，扣一份咨询报告；已生成的直接返回，不再扣减';
const CASE_EXPORT_SUMMARY = '导出咨询报告 PDF（id；可用 Authorization 查询参数携带令牌）';
const CASE_GET_SUMMARY = '咨询报告（id）：report（未生成时为 null；state 1 生成中、2 已生成、3 失败已退回）、case 与 offered（是否可生成）';

@ApiTags('人工询价')
@Controller('artificial/advisory')
export class ArtificialReportController {
  constructor(private readonly reports: ReportOrderService) {}

  @RequirePermission(Perm.advisoryReport)
  @Returns(reportInfoSchema)
  @RateLimit('report')
  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: `人工询价${CASE_ADD_SUMMARY}` })
  add(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(caseIdQuerySchema)) body: { id: number }) {
    return this.reports.orderForCase(p, 'artificial', body.id);
  }

  @RequirePermission(Perm.advisoryReport)
  @Returns(caseReportWithCaseSchema)
  @Get('get')
  @ApiOperation({ summary: `人工询价${CASE_GET_SUMMARY}` })
  get(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(caseIdQuerySchema)) q: { id: number }) {
    return this.reports.getForCase(p, 'artificial', q.id);
  }

  @RequirePermission(Perm.advisoryReport)
  @ReturnsFile('application/pdf', '报告 PDF')
  @Get('export')
  @ApiOperation({ summary: CASE_EXPORT_SUMMARY })
  async export(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(caseIdQuerySchema)) q: { id: number }) {
    const { content, fileName } = await this.reports.casePdf(p, 'artificial', q.id);
    return pdfFile(content, fileName);
  }
}

@ApiTags('人工复评')
@Controller('review/advisory')
export class ReviewReportController {
  constructor(private readonly reports: ReportOrderService) {}

  @RequirePermission(Perm.advisoryReport)
  @Returns(reportInfoSchema)
  @RateLimit('report')
  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: `人工复评${CASE_ADD_SUMMARY}` })
  add(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(caseIdQuerySchema)) body: { id: number }) {
    return this.reports.orderForCase(p, 'review', body.id);
  }

  @RequirePermission(Perm.advisoryReport)
  @Returns(caseReportWithCaseSchema)
  @Get('get')
  @ApiOperation({ summary: `人工复评${CASE_GET_SUMMARY}` })
  get(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(caseIdQuerySchema)) q: { id: number }) {
    return this.reports.getForCase(p, 'review', q.id);
  }

  @RequirePermission(Perm.advisoryReport)
  @ReturnsFile('application/pdf', '报告 PDF')
  @Get('export')
  @ApiOperation({ summary: CASE_EXPORT_SUMMARY })
  async export(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(caseIdQuerySchema)) q: { id: number }) {
    const { content, fileName } = await this.reports.casePdf(p, 'review', q.id);
    return pdfFile(content, fileName);
  }
}
