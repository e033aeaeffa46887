import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { reportConfigSchema } from '@valuation/contracts';
import {
  Perm,
  reportConfigAddSchema,
  reportConfigQuerySchema,
  ReportConfigMsg,
  reportConfigUpdateSchema,
  reportImageDeleteSchema,
  reportImageQuerySchema,
  type ReportConfigTextInput,
  type ReportConfigType,
  type ReportConfigUpdateInput,
  type ReportImageQuery,
} from '@valuation/domain';
import { ObjectNotFoundError, ObjectStorage } from '@valuation/storage';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { Uploads } from '../../common/multipart';
import { REPORT_IMAGE_FIELDS } from '../../common/upload-fields';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { ReportConfigService, type UploadedImageFile } from './report-config.service';
import { ReadsBody, Returns } from '../../common/api-contract';
import { ReturnsFile } from '../../common/file-answer';

const SAVE_FIELDS =
  'multipart：reportType（1 询价报告，2 咨询报告）、reportName（必填，≤20字）、reportStatement（≤2000字），咨询报告另有 reportSign（≤50字）与图片 licenseFile、certificateFile（≤10M）、appraiserSign1File、appraiserSign2File、reportSignImgFile（≤2M），图片为 png/jpg/jpeg/gif';

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
const filesOf = (req: Request): readonly UploadedImageFile[] => (Array.isArray(req.files) ? req.files : []);

@ApiTags('报告配置')
@Controller('tenant/report-config')
export class ReportConfigController {
  constructor(
    private readonly configs: ReportConfigService,
    private readonly storage: ObjectStorage,
  ) {}

  @RequirePermission(Perm.reportConfig)
  @Returns(reportConfigSchema)
  @Get('get')
  @ApiOperation({ summary: '渠道的报告配置：reportType 1 询价报告，2 咨询报告；未配置时为默认内容（id 为 null）' })
  get(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(reportConfigQuerySchema)) q: { reportType: ReportConfigType }) {
    return this.configs.get(p, q.reportType);
  }

  @RequirePermission(Perm.reportConfig)
  @Returns(reportConfigSchema)
  @Post('add')
  @Uploads(...REPORT_IMAGE_FIELDS)
  @HttpCode(200)
  @ApiOperation({ summary: `新增报告配置（该报告类型尚无配置时）：${SAVE_FIELDS}` })
  add(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(reportConfigAddSchema)) input: ReportConfigTextInput,
    @Req() req: Request,
  ) {
    return this.configs.add(p, input, filesOf(req), req.ip);
  }

  @RequirePermission(Perm.reportConfig)
  @Returns(reportConfigSchema)
  @Post('update')
  @Uploads(...REPORT_IMAGE_FIELDS)
  @HttpCode(200)
  @ApiOperation({ summary: `修改报告配置：id 与 ${SAVE_FIELDS}；未上传的图片保持不变` })
  update(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(reportConfigUpdateSchema)) input: ReportConfigUpdateInput,
    @Req() req: Request,
  ) {
    return this.configs.update(p, input, filesOf(req), req.ip);
  }

  @RequirePermission(Perm.reportConfig)
  @ReturnsFile('image/*', '图片（png、jpg 或 gif）')
  @Get('images')
  @ApiOperation({
    summary: '报告配置图片：reportType、imageType（1 营业执照，2 资质证书，3 估价师签名1，4 估价师签名2，5 报告印章）；未设置时 404',
  })
  async images(
    @CurrentPrincipal() p: Principal,
    @Query(new ZodValidationPipe(reportImageQuerySchema)) q: ReportImageQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    const key = await this.configs.imageKey(p, q.reportType, q.imageType);
    const stat = key ? await this.storage.stat(key) : null;
    if (!key || !stat) throw ApiError.notFound(ReportConfigMsg.noImage);
    const stream = await this.storage.getStream(key).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) throw ApiError.notFound(ReportConfigMsg.noImage);
      throw error;
    });
    res.setHeader('Content-Type', stat.contentType);
    res.setHeader('Content-Length', String(stat.size));
    res.setHeader('Cache-Control', 'private, no-cache');
    return new StreamableFile(stream);
  }

  @RequirePermission(Perm.reportConfig)
  @Returns(reportConfigSchema)
  @ReadsBody(reportImageDeleteSchema, 'form', 'reportType、imageType 也可作为查询参数')
  @Post('images/delete')
  @HttpCode(200)
  @ApiOperation({ summary: '删除咨询报告的一张图片：reportType=2、imageType（查询参数或表单）' })
  deleteImage(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const q = new ZodValidationPipe(reportImageDeleteSchema).transform({ ...(req.query as Record<string, unknown>), ...bodyOf(req) });
    return this.configs.deleteImage(p, q.reportType, q.imageType, req.ip);
  }
}
