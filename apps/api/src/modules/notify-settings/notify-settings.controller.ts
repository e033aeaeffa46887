import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  notifySettingsSavedSchema,
  notifySettingsViewSchema,
  notifyTestResultSchema,
  type NotifySettingsSaved,
  type NotifyTestResult,
  type NotifySettingsView,
} from '@valuation/contracts';
import { Perm } from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import {
  notifySettingsQuerySchema,
  notifySettingsSaveSchema,
  type NotifySettingsQuery,
  type NotifySettingsSaveInput,
} from './dto/notify-settings.dto';
import { NotifySettingsService } from './notify-settings.service';
import { Returns } from '../../common/api-contract';

@ApiTags('机构通知设置')
@Controller('organization/notify-settings')
export class NotifySettingsController {
  constructor(private readonly settings: NotifySettingsService) {}

  @RequirePermission(Perm.organisation)
  @Returns(notifySettingsViewSchema)
  @Get()
  @ApiOperation({ summary: '机构回调设置：{ organizationId, webhookUrl, hasSecret, secretPreview }' })
  get(
    @CurrentPrincipal() p: Principal,
    @Query(new ZodValidationPipe(notifySettingsQuerySchema)) q: NotifySettingsQuery,
  ): Promise<NotifySettingsView> {
    return this.settings.get(p, q.organizationId);
  }

  @RequirePermission(Perm.organisation)
  @Returns(notifySettingsSavedSchema)
  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: '保存机构回调地址（JSON；空地址删除）；生成的密钥只在本次返回（secret）' })
  save(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(notifySettingsSaveSchema)) input: NotifySettingsSaveInput,
    @Req() req: Request,
  ): Promise<NotifySettingsSaved> {
    return this.settings.save(p, input, req.ip);
  }

  @RequirePermission(Perm.organisation)
  @Returns(notifyTestResultSchema)
  @Post('test')
  @HttpCode(200)
  @ApiOperation({ summary: '向已保存的回调地址发送一条签名的测试通知（event=test），返回是否送达、HTTP 状态与耗时' })
  test(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(notifySettingsQuerySchema)) input: NotifySettingsQuery,
  ): Promise<NotifyTestResult> {
    return this.settings.test(p, input.organizationId);
  }
}
