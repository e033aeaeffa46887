import { Body, Controller, Get, HttpCode, Injectable, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import {
  agencyDetailSchema,
  agencyListItemSchema,
  agencyPageSchema,
  agencyReadStatusSchema,
  agencySubmittedSchema,
} from '@valuation/contracts';
import {
  agencyDetailQuerySchema,
  agencyFilterSchema,
  agencyListQuerySchema,
  agencyPushReportSchema,
  agencyReceiveSchema,
  agencyRequestSchema,
  Perm,
  validate,
  type AgencyFilter,
  type AgencyListQuery,
  type AgencyReceive,
} from '@valuation/domain';
import { ApiError } from '../../common/api-error';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { RateLimit } from '../../common/rate-limit.decorator';
import { Uploads } from '../../common/multipart';
import { AGENCY_FILES } from '../../common/upload-fields';
import { fileDownload } from '../../common/file-download';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { HOUSE_INFO_NOTE, houseInfoOf } from '../artificial/artificial.controller';
import { AgencyService, type AgencySide } from './agency.service';
import { ReadsBody, Returns } from '../../common/api-contract';
import { ReturnsFile, ReturnsXlsx } from '../../common/file-answer';

const readSchema = agencyDetailQuerySchema.extend({ readstatus: z.coerce.number().optional() });
const downloadSchema = agencyDetailQuerySchema.extend({
  kind: z.enum(['attachment', 'report'], { message: '文件不存在' }),
  index: z.coerce.number({ message: '文件不存在' }).int('文件不存在').min(0, '文件不存在').max(9, '文件不存在'),
});

const uploads = (req: Request) =>
  ((req.files ?? []) as Express.Multer.File[]).filter(
    (f) => f.fieldname === 'files' || f.fieldname === 'files[]' || f.fieldname === 'file',
  );

function parsed<T>(result: { ok: true; value: T } | { ok: false; message: string; field?: string; errors?: unknown }): T {
  if (!result.ok) throw ApiError.badRequest(result.message, { field: result.field, errors: result.errors });
  return result.value;
}

/** What both sides do the same way: list, export, detail, read marker, downloads. */
@Injectable()
abstract class AgencyReadController {
  protected abstract readonly side: AgencySide;
  constructor(protected readonly agency: AgencyService) {}

  protected listOf(p: Principal, q: AgencyListQuery) {
    return this.agency.list(this.side, p, q);
  }

  protected async exportOf(p: Principal, q: AgencyFilter) {
    const { content, fileName } = await this.agency.export(this.side, p, q);
    return xlsxFile(content, fileName);
  }

  protected detailOf(p: Principal, id: number) {
    return this.agency.detail(this.side, p, id);
  }

  protected readOf(p: Principal, id: number) {
    return this.agency.read(this.side, p, id);
  }

  protected async downloadOf(p: Principal, q: { detailID: number; kind: 'attachment' | 'report'; index: number }) {
    return fileDownload(await this.agency.download(this.side, p, q.detailID, q.kind, q.index));
  }
}

@ApiTags('机构估价')
@Controller('org')
export class AgencyController extends AgencyReadController {
  protected readonly side = 'user';

  @RequirePermission(Perm.agencyValuation)
  @Returns(agencySubmittedSchema)
  @ReadsBody(agencyRequestSchema, 'multipart', HOUSE_INFO_NOTE)
  @RateLimit('valuation')
  @Post('req')
  @Uploads(AGENCY_FILES)
  @HttpCode(200)
  @ApiOperation({
    summary:
      '申请机构估价（multipart：files 至多5个、每个不超过10M，图片、PDF、Word或压缩包；reportType 1 正式/0 预评估、customerName、customerPhone、remark、evalType、houseInfo JSON）',
  })
  request(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const value = parsed(validate(agencyRequestSchema, { ...body, houseInfo: houseInfoOf(body) }));
    return this.agency.request(p, value, uploads(req));
  }

  @RequirePermission(Perm.agencyValuation)
  @Returns(agencyPageSchema(agencyListItemSchema))
  @Get('list')
  @ApiOperation({
    summary:
      '机构估价记录：cityName、haName、cardAddress、beginTime、endTime、reportType（0 预评估、1 正式、2 全部）、reportStatus、pageIndex、pageSize',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(agencyListQuerySchema)) q: AgencyListQuery) {
    return this.listOf(p, q);
  }

  @RequirePermission(Perm.agencyValuation)
  @ReturnsXlsx('机构估价记录 .xlsx')
  @Get('list/export')
  @ApiOperation({ summary: '导出机构估价记录 .xlsx（筛选同列表；可用 Authorization 查询参数携带令牌）' })
  export(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(agencyFilterSchema)) q: AgencyFilter) {
    return this.exportOf(p, q);
  }

  @RequirePermission(Perm.agencyValuation)
  @Returns(agencyDetailSchema)
  @Get('detail')
  @ApiOperation({ summary: '机构估价详情：detailID' })
  detail(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(agencyDetailQuerySchema)) q: { detailID: number }) {
    return this.detailOf(p, q.detailID);
  }

  @RequirePermission(Perm.agencyValuation)
  @Returns(agencyReadStatusSchema)
  @Post('updatereadstatus')
  @HttpCode(200)
  @ApiOperation({ summary: '标记已读：detailID、readstatus 0' })
  read(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(readSchema)) body: { detailID: number }) {
    return this.readOf(p, body.detailID);
  }

  @RequirePermission(Perm.agencyValuation)
  @ReturnsFile('application/octet-stream', '附件文件')
  @Get('download')
  @ApiOperation({
    summary: '下载附件或评估报告：detailID、kind（attachment 附件、report 报告）、index（可用 Authorization 查询参数携带令牌）',
  })
  download(
    @CurrentPrincipal() p: Principal,
    @Query(new ZodValidationPipe(downloadSchema)) q: { detailID: number; kind: 'attachment' | 'report'; index: number },
  ) {
    return this.downloadOf(p, q);
  }
}

@ApiTags('估价申请')
@Controller('org/tenant')
export class AgencyTenantController extends AgencyReadController {
  protected readonly side = 'tenant';

  @RequirePermission(Perm.agencyApplications)
  @Returns(agencyPageSchema(agencyListItemSchema))
  @Get('list')
  @ApiOperation({ summary: '客户的估价申请：筛选同机构估价记录' })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(agencyListQuerySchema)) q: AgencyListQuery) {
    return this.listOf(p, q);
  }

  @RequirePermission(Perm.agencyApplications)
  @ReturnsXlsx('估价申请记录 .xlsx')
  @Get('list/export')
  @ApiOperation({ summary: '导出估价申请 .xlsx（筛选同列表；可用 Authorization 查询参数携带令牌）' })
  export(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(agencyFilterSchema)) q: AgencyFilter) {
    return this.exportOf(p, q);
  }

  @RequirePermission(Perm.agencyApplications)
  @Returns(agencyDetailSchema)
  @Get('detail')
  @ApiOperation({ summary: '估价申请详情：detailID' })
  detail(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(agencyDetailQuerySchema)) q: { detailID: number }) {
    return this.detailOf(p, q.detailID);
  }

  @RequirePermission(Perm.agencyApplications)
  @Returns(agencyReadStatusSchema)
  @Post('updatereadstatus')
  @HttpCode(200)
  @ApiOperation({ summary: '标记已读：detailID、readstatus 0' })
  read(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(readSchema)) body: { detailID: number }) {
    return this.readOf(p, body.detailID);
  }

  @RequirePermission(Perm.agencyApplications)
  @Returns(agencyDetailSchema)
  @Post('receiverep')
  @HttpCode(200)
  @ApiOperation({ summary: '接收估价申请：detailID、receiverName、receiverPhone' })
  receive(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(agencyReceiveSchema)) body: AgencyReceive) {
    return this.agency.receive(p, body);
  }

  @RequirePermission(Perm.agencyApplications)
  @Returns(agencyDetailSchema)
  @ReadsBody(agencyPushReportSchema, 'multipart')
  @Post('pushreport')
  @Uploads(AGENCY_FILES)
  @HttpCode(200)
  @ApiOperation({
    summary:
      '回复评估结果（multipart：files 1至5个、每个不超过10M，PDF、Word或压缩包；detailID、reportResult 总价、reportResultSingle 单价）',
  })
  reply(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const value = parsed(validate(agencyPushReportSchema, req.body ?? {}));
    return this.agency.reply(p, value, uploads(req));
  }

  @RequirePermission(Perm.agencyApplications)
  @ReturnsFile('application/octet-stream', '附件文件')
  @Get('download')
  @ApiOperation({ summary: '下载附件或评估报告：detailID、kind、index（可用 Authorization 查询参数携带令牌）' })
  download(
    @CurrentPrincipal() p: Principal,
    @Query(new ZodValidationPipe(downloadSchema)) q: { detailID: number; kind: 'attachment' | 'report'; index: number },
  ) {
    return this.downloadOf(p, q);
  }
}
