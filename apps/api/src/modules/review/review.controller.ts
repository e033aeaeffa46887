import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { z } from 'zod';
import { appraisalCaseRecordSchema, caseReadSchema, caseSubmittedSchema, pagedSchema, reviewListRowSchema } from '@valuation/contracts';
import { fileDownload } from '../../common/file-download';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  caseIdQuerySchema,
  Perm,
  reviewAddSchema,
  reviewFileQuerySchema,
  reviewFilterSchema,
  reviewListQuerySchema,
  validate,
  type ReviewFilter,
  type ReviewListQuery,
} from '@valuation/domain';
import { ApiError } from '../../common/api-error';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { RateLimit } from '../../common/rate-limit.decorator';
import { Uploads } from '../../common/multipart';
import { CASE_FILES } from '../../common/upload-fields';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { ReviewService } from './review.service';
import { ReadsBody, Returns } from '../../common/api-contract';
import { ReturnsFile, ReturnsXlsx } from '../../common/file-answer';

@ApiTags('人工复评')
@Controller('review')
export class ReviewController {
  constructor(private readonly reviews: ReviewService) {}

  @RequirePermission(Perm.manualReappraisal)
  @Returns(caseSubmittedSchema)
  @ReadsBody(reviewAddSchema, 'multipart')
  @RateLimit('valuation')
  @Post('add')
  @Uploads(CASE_FILES)
  @HttpCode(200)
  @ApiOperation({
    summary:
      '人工复评申请（multipart：files 至多5个、每个不超过30M，图片或压缩包；reason 1 偏高/2 偏低/3 其他，otherReason、remark、actualPrice（元）、initiate 1 自动估价（sourceId 为 evalCode）/2 人工询价/3 人工复评（sourceId 为记录 id））',
  })
  add(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const body = validate(reviewAddSchema, req.body ?? {});
    if (!body.ok) throw ApiError.badRequest(body.message, { field: body.field, errors: body.errors });
    return this.reviews.add(p, body.value, (req.files ?? []) as Express.Multer.File[]);
  }

  @RequirePermission(Perm.objectionReviewList)
  @Returns(z.number().int())
  @Get('unread-count')
  @ApiOperation({ summary: '本人已答复或退回、尚未查看的人工复评数量（侧栏角标）' })
  unreadCount(@CurrentPrincipal() p: Principal) {
    return this.reviews.unreadCount(p);
  }

  @RequirePermission(Perm.objectionReviewList)
  @Returns(pagedSchema(reviewListRowSchema))
  @Get('list')
  @ApiOperation({
    summary:
      '人工复评记录：city、ha、beginDate/endDate（yyyy/MM/dd）、state 1 待估价/2 成功/3 失败、pageIndex、pageSize；{ list, pages, pageNum, total }',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(reviewListQuerySchema)) q: ReviewListQuery) {
    return this.reviews.list(p, q);
  }

  @RequirePermission(Perm.objectionReviewList)
  @ReturnsXlsx('人工复评记录 .xlsx')
  @Get('list/export')
  @ApiOperation({ summary: '导出人工复评记录 .xlsx（筛选同列表；可用 Authorization 查询参数携带令牌）；无数据时 404 暂无数据' })
  async export(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(reviewFilterSchema)) q: ReviewFilter) {
    const { content, fileName } = await this.reviews.export(p, q);
    return xlsxFile(content, fileName);
  }

  @RequirePermission(Perm.objectionReviewList, Perm.manualReappraisal)
  @Returns(appraisalCaseRecordSchema)
  @Get('get')
  @ApiOperation({
    summary:
      '人工复评详情：id；申请、答复或退回原因、处理历史、附件，historyList 为所属链的价格历史（类型 1 自动估价/2 人工询价/3 人工复评，按日期）',
  })
  get(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(caseIdQuerySchema)) q: { id: number }) {
    return this.reviews.get(p, q.id);
  }

  @RequirePermission(Perm.objectionReviewList, Perm.manualReappraisal)
  @Returns(caseReadSchema)
  @Post('read')
  @HttpCode(200)
  @ApiOperation({ summary: '标记人工复评答复为已读：id（已答复或已退回的记录；仅申请人本人查看时标记，他人查看不改变）；{ read }' })
  read(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(caseIdQuerySchema)) body: { id: number }) {
    return this.reviews.read(p, body.id);
  }

  @RequirePermission(Perm.objectionReviewList, Perm.manualReappraisal)
  @ReturnsFile('application/octet-stream', '附件文件')
  @Get('file')
  @ApiOperation({ summary: '下载人工复评附件：id、index（从0起；可用 Authorization 查询参数携带令牌）' })
  async file(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(reviewFileQuerySchema)) q: { id: number; index: number }) {
    const f = await this.reviews.file(p, q.id, q.index);
    return fileDownload({ content: f.stream, name: f.name, type: f.type, size: f.size });
  }
}
