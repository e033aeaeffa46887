import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { batchItemSchema, batchTaskSchema, batchUploadResultSchema, pagedSchema } from '@valuation/contracts';
import {
  batchDetailQuerySchema,
  batchEvalBodySchema,
  batchItemsFilterSchema,
  batchItemsQuerySchema,
  batchListQuerySchema,
  BATCH_PHONE_MAX,
  BATCH_TASK_NAME_MAX,
  Perm,
  type BatchItemsFilter,
  type BatchItemsPage,
  type BatchListFilter,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { KeyScope } from '../../common/key-scope.decorator';
import { RateLimit } from '../../common/rate-limit.decorator';
import { Uploads } from '../../common/multipart';
import { BATCH_FILE } from '../../common/upload-fields';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { BatchTaskListService } from './batch-task-list.service';
import {
  BATCH_TEMPLATE_FILE_NAME,
  buildBatchTemplate,
  buildLoanBookTemplate,
  LOAN_BOOK_TEMPLATE_FILE_NAME,
} from './batch-template.builder';
import { BatchUploadService, type UploadedBatchFile } from './batch-upload.service';
import { ReadsBody, Returns } from '../../common/api-contract';
import { ReturnsXlsx } from '../../common/file-answer';

/** The text fields of POST api/batch/upload, as BatchUploadService checks them (checkBatchTaskName, checkBatchPhone). */
const BATCH_UPLOAD_FIELDS = z.object({
  taskName: z.string().min(1).max(BATCH_TASK_NAME_MAX).describe(`任务名，必填，≤${BATCH_TASK_NAME_MAX} 字`),
  phone: z.string().max(BATCH_PHONE_MAX).optional().describe('估价完成后接收短信的手机号（可含空格或短横线）'),
});

@ApiTags('批量估价')
@Controller('batch')
export class BatchController {
  constructor(
    private readonly uploads: BatchUploadService,
    private readonly tasks: BatchTaskListService,
  ) {}

  @KeyScope('batch')
  @RequirePermission(Perm.batchCreate)
  @Returns(batchUploadResultSchema, 'subCode 100 时需调用 api/batch/eval 确认使用通用次数')
  @ReadsBody(BATCH_UPLOAD_FIELDS, 'multipart')
  @Post('upload')
  @Uploads(BATCH_FILE)
  @HttpCode(200)
  @ApiOperation({
    summary:
      '上传批量估价文件（multipart：file、taskName、phone）：xls/xlsx/csv，不超过5MB、10000条；按行预留估价次数（先包年城市次数，再通用次数）。包年城市次数不足时 subCode 100，data { batchId, evalTotal, shortfall }，需调用 api/batch/eval 确认',
  })
  upload(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const files = (req.files ?? []) as Express.Multer.File[];
    const file: UploadedBatchFile | undefined = files.find((f) => f.fieldname === 'file') ?? files[0];
    return this.uploads.upload(p, file, (req.body ?? {}) as Record<string, unknown>);
  }

  @KeyScope('batch')
  @RequirePermission(Perm.batchCreate)
  @Returns(batchUploadResultSchema)
  @RateLimit('valuation')
  @Post('eval')
  @HttpCode(200)
  @ApiOperation({ summary: '确认使用通用次数并开始估价：JSON { batchId }；仅任务创建人、仅待确认（状态 0）的任务' })
  eval(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(batchEvalBodySchema)) body: { batchId: string }) {
    return this.uploads.confirmUniversal(p, body.batchId);
  }

  @RequirePermission(Perm.batchCreate)
  @ReturnsXlsx('批量估价模板 .xlsx')
  @Get('template')
  @ApiOperation({ summary: '下载批量估价模板 .xlsx（可用 Authorization 查询参数携带令牌）' })
  async template() {
    return xlsxFile(await buildBatchTemplate(), BATCH_TEMPLATE_FILE_NAME);
  }

  @RequirePermission(Perm.assetLoan)
  @Returns(batchUploadResultSchema, 'subCode 100 时需调用 api/batch/eval 确认使用通用次数')
  @ReadsBody(BATCH_UPLOAD_FIELDS, 'multipart')
  @Post('book/upload')
  @Uploads(BATCH_FILE)
  @HttpCode(200)
  @ApiOperation({
    summary:
      '导入贷款台账（multipart：file、taskName、phone）：按贷款台账模板，每行房产及其贷款（贷款编号、贷款余额与放款时估值（万元）、放款日期）；全部行先校验，有误时 400 并指出行号。本公司已有资产的贷款编号只更新贷款信息（updated），不估价不扣次数；其余行按批量估价扣次数估价，估价成功的成为携带贷款的资产',
  })
  uploadBook(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const files = (req.files ?? []) as Express.Multer.File[];
    const file: UploadedBatchFile | undefined = files.find((f) => f.fieldname === 'file') ?? files[0];
    return this.uploads.upload(p, file, (req.body ?? {}) as Record<string, unknown>, { ip: req.ip });
  }

  @RequirePermission(Perm.assetLoan)
  @ReturnsXlsx('贷款台账模板 .xlsx')
  @Get('book/template')
  @ApiOperation({ summary: '下载贷款台账模板 .xlsx（批量估价模板的列之后加贷款编号、贷款余额、放款日期、放款时估值）' })
  async bookTemplate() {
    return xlsxFile(await buildLoanBookTemplate(), LOAN_BOOK_TEMPLATE_FILE_NAME);
  }

  @KeyScope('batch')
  @RequirePermission(Perm.batch)
  @Returns(pagedSchema(batchTaskSchema))
  @Get('list')
  @ApiOperation({
    summary:
      '批量任务：taskName（包含）、beginDate/endDate（yyyy/MM/dd）、taskState 0 全部/1/2/3、pageIndex、pageSize；{ list, pages, pageNum, total }，最新的在前',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(batchListQuerySchema)) q: BatchListFilter) {
    return this.tasks.list(p, q);
  }

  @KeyScope('batch')
  @RequirePermission(Perm.batchDetail)
  @Returns(batchTaskSchema)
  @Get('detail')
  @ApiOperation({ summary: '批量任务详情与进度：id（任务 id 或 batchId）' })
  detail(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(batchDetailQuerySchema)) q: { id: string }) {
    return this.tasks.detail(p, q.id);
  }

  @KeyScope('batch')
  @RequirePermission(Perm.batchDetail)
  @Returns(pagedSchema(batchItemSchema))
  @Get('items')
  @ApiOperation({ summary: '批量任务明细：batchId、evalState 0 全部/1 已估价/2 未估价/3 地址解析失败、pageIndex、pageSize' })
  items(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(batchItemsQuerySchema)) q: BatchItemsPage) {
    return this.tasks.items(p, q);
  }

  @KeyScope('batch')
  @RequirePermission(Perm.batchExport)
  @ReturnsXlsx('批量任务明细 .xlsx')
  @Get('items/export')
  @ApiOperation({ summary: '导出批量任务明细 .xlsx：batchId、evalState（可用 Authorization 查询参数携带令牌）；无数据时 404 暂无数据' })
  async export(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(batchItemsFilterSchema)) q: BatchItemsFilter) {
    const { content, fileName } = await this.tasks.export(p, q);
    return xlsxFile(content, fileName);
  }
}
