import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { caseReadSchema, caseSubmittedSchema, objectionDetailSchema, objectionListRowSchema, pagedSchema } from '@valuation/contracts';
import {
  caseIdQuerySchema,
  objectionAddSchema,
  objectionListQuerySchema,
  Perm,
  type ObjectionAdd,
  type ObjectionListQuery,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { RateLimit } from '../../common/rate-limit.decorator';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { ObjectionService } from './objection.service';
import { Returns } from '../../common/api-contract';

@ApiTags('价格异议')
@Controller('objection')
export class ObjectionController {
  constructor(private readonly objections: ObjectionService) {}

  @RequirePermission(Perm.objectionReviewList)
  @Returns(caseSubmittedSchema)
  @RateLimit('valuation')
  @Post('add')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '价格异议（JSON evalCode、price 正整数：售价单位万元、租金单位元/月、type 估价类型 1 售价/2 租金）；高于原价为偏低（2），低于原价为偏高（1）',
  })
  add(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(objectionAddSchema)) body: ObjectionAdd) {
    return this.objections.add(p, body);
  }

  @RequirePermission(Perm.objectionReviewList)
  @Returns(pagedSchema(objectionListRowSchema))
  @Get('list')
  @ApiOperation({
    summary:
      '价格异议记录：beginDate、endDate、city、ha、state 1 正在处理/2 处理完成、pageIndex、pageSize；{ list, pages, pageNum, total }',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(objectionListQuerySchema)) q: ObjectionListQuery) {
    return this.objections.list(p, q);
  }

  @RequirePermission(Perm.objectionReviewList)
  @Returns(z.number().int())
  @Get('unread-count')
  @ApiOperation({ summary: '本人已处理完成、尚未查看答复的价格异议数量（页眉角标）' })
  unreadCount(@CurrentPrincipal() p: Principal) {
    return this.objections.unreadCount(p);
  }

  @RequirePermission(Perm.objectionReviewList)
  @Returns(caseReadSchema)
  @Post('read')
  @HttpCode(200)
  @ApiOperation({ summary: '标记价格异议答复为已读：id（处理完成的异议；仅申请人本人查看时标记，他人查看不改变）；{ read }' })
  read(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(caseIdQuerySchema)) body: { id: number }) {
    return this.objections.read(p, body.id);
  }

  @RequirePermission(Perm.objectionReviewList)
  @Returns(objectionDetailSchema)
  @Get('detail')
  @ApiOperation({ summary: '价格异议详情：id；objection（含估价师答复与历史）与 record（估价记录）' })
  detail(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(caseIdQuerySchema)) q: { id: number }) {
    return this.objections.detail(p, q.id);
  }
}
