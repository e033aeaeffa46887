import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { appraisalCaseDetailSchema, appraisalCaseViewSchema, appraisalCountsSchema, appraisalQueuePageSchema } from '@valuation/contracts';
import {
  appraisalAnswerSchema,
  appraisalCaseQuerySchema,
  appraisalClaimSchema,
  appraisalFileQuerySchema,
  AppraisalMsg,
  appraisalQueueQuerySchema,
  appraisalRefuseSchema,
  Perm,
  type AppraisalAnswerInput,
  type AppraisalClaimInput,
  type AppraisalQueueQuery,
  type AppraisalRefuseInput,
} from '@valuation/domain';
import { ObjectNotFoundError, ObjectStorage } from '@valuation/storage';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { ApiError } from '../../common/api-error';
import { fileDownload } from '../../common/file-download';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { AppraisalService } from './appraisal.service';
import { Returns } from '../../common/api-contract';
import { ReturnsFile } from '../../common/file-answer';

const ACTION_BODY = 'JSON：id、version（读取案件时的版本；案件已被他人更新时 409）';

@ApiTags('估价师工作台')
@Controller('tenant/appraisal')
export class AppraisalController {
  constructor(
    private readonly appraisals: AppraisalService,
    private readonly storage: ObjectStorage,
  ) {}

  @RequirePermission(Perm.appraiser)
  @Returns(appraisalQueuePageSchema)
  @Get('queue')
  @ApiOperation({
    summary:
      '估价师工作队列：kind（artificial、review、objection、all）、state（open 待处理、answered 已处理、all）、city（城市名称或代码）、age（within:N 近N天提交，older:N 超过N天）、mine（true 只看我领取的）、pageIndex、pageSize（10/50/100/200）；待处理案件超时的在前，再按截止时间',
  })
  queue(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(appraisalQueueQuerySchema)) q: AppraisalQueueQuery) {
    return this.appraisals.queue(p, q);
  }

  @RequirePermission(Perm.appraiser)
  @Returns(appraisalCountsSchema)
  @Get('counts')
  @ApiOperation({ summary: '待处理、已超时、我领取的待处理案件数' })
  counts(@CurrentPrincipal() p: Principal) {
    return this.appraisals.counts(p);
  }

  @RequirePermission(Perm.appraiser)
  @Returns(appraisalCaseDetailSchema)
  @Get('case')
  @ApiOperation({ summary: '案件详情：申请内容、历史、申请人，自动估价及其案例，小区近12个月案例与近2年价格走势' })
  detail(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(appraisalCaseQuerySchema)) q: { id: number }) {
    return this.appraisals.detail(p, q.id);
  }

  @RequirePermission(Perm.appraiser)
  @ReturnsFile('application/octet-stream', '附件文件')
  @Get('file')
  @ApiOperation({ summary: '下载案件附件：id、index（从0起）；令牌可放在 Authorization 查询参数' })
  async file(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(appraisalFileQuerySchema)) q: { id: number; index: number }) {
    const file = await this.appraisals.file(p, q.id, q.index);
    const stream = await this.storage.getStream(file.key).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) throw ApiError.notFound(AppraisalMsg.fileIndexInvalid);
      throw error;
    });
    return fileDownload({ content: stream, name: file.name, type: file.type, size: file.size });
  }

  @RequirePermission(Perm.appraiserClaim)
  @Returns(appraisalCaseViewSchema)
  @Post('claim')
  @HttpCode(200)
  @ApiOperation({ summary: `领取案件（分配给我）：${ACTION_BODY}` })
  claim(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(appraisalClaimSchema)) input: AppraisalClaimInput,
    @Req() req: Request,
  ) {
    return this.appraisals.claim(p, input, req.ip);
  }

  @RequirePermission(Perm.appraiserClaim)
  @Returns(appraisalCaseViewSchema)
  @Post('release')
  @HttpCode(200)
  @ApiOperation({ summary: `释放我领取的案件：${ACTION_BODY}` })
  release(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(appraisalClaimSchema)) input: AppraisalClaimInput,
    @Req() req: Request,
  ) {
    return this.appraisals.release(p, input, req.ip);
  }

  @RequirePermission(Perm.appraiserAnswer)
  @Returns(appraisalCaseViewSchema)
  @Post('answer')
  @HttpCode(200)
  @ApiOperation({
    summary: `答复案件：${ACTION_BODY}、totalPrice、unitPrice（元，最多两位小数；价格异议只需答复）、reply（必填，≤2000字）`,
  })
  answer(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(appraisalAnswerSchema)) input: AppraisalAnswerInput,
    @Req() req: Request,
  ) {
    return this.appraisals.answer(p, input, req.ip);
  }

  @RequirePermission(Perm.appraiserAnswer)
  @Returns(appraisalCaseViewSchema)
  @Post('refuse')
  @HttpCode(200)
  @ApiOperation({ summary: `退回案件（价格异议不可退回）：${ACTION_BODY}、reason（必填，≤500字）` })
  refuse(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(appraisalRefuseSchema)) input: AppraisalRefuseInput,
    @Req() req: Request,
  ) {
    return this.appraisals.refuse(p, input, req.ip);
  }
}
