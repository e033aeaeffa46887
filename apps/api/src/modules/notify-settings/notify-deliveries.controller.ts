import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { notifyDeliveryListSchema, notifyResendResultSchema } from '@valuation/contracts';
import {
  notifyDeliveryListQuerySchema,
  notifyResendSchema,
  Perm,
  type NotifyDeliveryListQuery,
  type NotifyResendInput,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { NotifyDeliveriesService } from './notify-deliveries.service';

@ApiTags('机构通知设置')
@Controller('notify/deliveries')
export class NotifyDeliveriesController {
  constructor(private readonly deliveries: NotifyDeliveriesService) {}

  @RequirePermission(Perm.organisation)
  @Returns(notifyDeliveryListSchema)
  @Get()
  @ApiOperation({
    summary:
      '推送记录：本机构及下级机构的通知（kind 事件、status pending/queued/delivered/failed/skipped、channel webhook/sms、beginDate、endDate yyyy/MM/dd、pageIndex、pageSize），最新的在前',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(notifyDeliveryListQuerySchema)) q: NotifyDeliveryListQuery) {
    return this.deliveries.list(p, q);
  }

  @RequirePermission(Perm.organisation)
  @Returns(notifyResendResultSchema)
  @Post('resend')
  @HttpCode(200)
  @ApiOperation({ summary: '重新推送一条已送达或失败的回调通知（id）：写入一条新的推送记录，原记录保留' })
  resend(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(notifyResendSchema)) input: NotifyResendInput, @Req() req: Request) {
    return this.deliveries.resend(p, input.id, req.ip);
  }
}
