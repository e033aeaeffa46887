import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { siteConfigSchema } from '@valuation/contracts';
import {
  Perm,
  siteConfigSaveSchema,
  SiteConfigMsg,
  siteImageQuerySchema,
  type Population,
  type SiteConfigSaveInput,
  type SiteImageType,
} from '@valuation/domain';
import { ObjectStorage } from '@valuation/storage';
import { CurrentPrincipal, OptionalPrincipal, Public, RequirePermission } from '../../common/access.decorators';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { Uploads } from '../../common/multipart';
import { SITE_IMAGE_FIELDS } from '../../common/upload-fields';
import { SiteConfigService, type UploadedSiteFile } from './site-config.service';
import { ReadsBody, Returns } from '../../common/api-contract';
import { ReturnsFile } from '../../common/file-answer';

const SAVE_FIELDS =
  'multipart：id、productName（必填，≤50字）、companyName（≤50字）、companyProfile（URL，≤500字）、address（≤100字）、contact（电话，半角或全角逗号分隔，≤50字）、email（≤50字）、themeColor（#RGB、#RRGGBB 或 rgba，存为 rgba）、logoFile（≤2M）、backgroundFile（≤20M），图片为 png/jpg/jpeg/gif；未上传的图片保持不变';

const filesOf = (req: Request): readonly UploadedSiteFile[] => (Array.isArray(req.files) ? req.files : []);

/** The image type of a delete, from the query (the spec's form) or the body. */
const deleteTypeOf = (req: Request): SiteImageType =>
  new ZodValidationPipe(siteImageQuerySchema).transform({
    ...(req.query as Record<string, unknown>),
    ...((req.body ?? {}) as Record<string, unknown>),
  }).type;

abstract class SiteConfigEndpoints {
  protected abstract readonly population: Population;

  constructor(
    protected readonly siteConfigs: SiteConfigService,
    protected readonly storage: ObjectStorage,
  ) {}

  /** Branding follows the caller when there is one, else the request host (Host, or X-Forwarded-Host from a trusted proxy). */
  protected read(principal: Principal | undefined, req: Request) {
    return this.siteConfigs.get(this.population, principal, req.hostname);
  }

  protected async image(principal: Principal | undefined, type: SiteImageType, req: Request, res: Response): Promise<StreamableFile> {
    const key = await this.siteConfigs.imageKey(this.population, principal, type, req.hostname);
    const stat = key ? await this.storage.stat(key) : null;
    if (!key || !stat) throw ApiError.notFound(SiteConfigMsg.noImage);
    res.setHeader('Content-Type', stat.metaData?.['content-type'] ?? 'application/octet-stream');
    res.setHeader('Content-Length', String(stat.size));
    res.setHeader('Cache-Control', 'private, max-age=300');
    return new StreamableFile(await this.storage.getStream(key));
  }
}

@ApiTags('网站配置')
@Controller('site-config')
export class SiteConfigController extends SiteConfigEndpoints {
  protected readonly population = 'user' as const;

  constructor(siteConfigs: SiteConfigService, storage: ObjectStorage) {
    super(siteConfigs, storage);
  }

  @Public()
  @Returns(siteConfigSchema)
  @Get('get')
  @ApiOperation({ summary: '网站配置（登录后按客户公司，登录前按访问域名）' })
  get(@Req() req: Request, @OptionalPrincipal() p?: Principal) {
    return this.read(p, req);
  }

  @Public()
  @ReturnsFile('image/*', '图片（png、jpg 或 gif）')
  @Get('images')
  @ApiOperation({ summary: '网站图片：type 1 LOGO，2 登录背景' })
  images(
    @Query(new ZodValidationPipe(siteImageQuerySchema)) q: { type: SiteImageType },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @OptionalPrincipal() p?: Principal,
  ) {
    return this.image(p, q.type, req, res);
  }

  @RequirePermission(Perm.siteConfig)
  @Returns(siteConfigSchema)
  @Post('save')
  @Uploads(...SITE_IMAGE_FIELDS)
  @HttpCode(200)
  @ApiOperation({ summary: `保存本公司的网站配置：${SAVE_FIELDS}` })
  save(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(siteConfigSaveSchema)) input: SiteConfigSaveInput,
    @Req() req: Request,
  ) {
    return this.siteConfigs.save(this.population, p, input, filesOf(req), req.ip);
  }

  @RequirePermission(Perm.siteConfig)
  @Returns(siteConfigSchema)
  @ReadsBody(siteImageQuerySchema, 'form', 'type 也可作为查询参数')
  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: '删除本公司的网站图片：type 1 LOGO，2 登录背景（查询参数）' })
  deleteImage(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    return this.siteConfigs.deleteImage(this.population, p, deleteTypeOf(req), req.ip);
  }
}

@ApiTags('网站配置')
@Controller('tenant/site-config')
export class TenantSiteConfigController extends SiteConfigEndpoints {
  protected readonly population = 'tenant' as const;

  constructor(siteConfigs: SiteConfigService, storage: ObjectStorage) {
    super(siteConfigs, storage);
  }

  @Public()
  @Returns(siteConfigSchema)
  @Get('get')
  @ApiOperation({ summary: '渠道网站配置（登录后按渠道，登录前按访问域名）' })
  get(@Req() req: Request, @OptionalPrincipal() p?: Principal) {
    return this.read(p, req);
  }

  @Public()
  @ReturnsFile('image/*', '图片（png、jpg 或 gif）')
  @Get('images')
  @ApiOperation({ summary: '渠道网站图片：type 1 LOGO，2 登录背景' })
  images(
    @Query(new ZodValidationPipe(siteImageQuerySchema)) q: { type: SiteImageType },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @OptionalPrincipal() p?: Principal,
  ) {
    return this.image(p, q.type, req, res);
  }

  @RequirePermission(Perm.tenantSiteConfig)
  @Returns(siteConfigSchema)
  @Post('save')
  @Uploads(...SITE_IMAGE_FIELDS)
  @HttpCode(200)
  @ApiOperation({ summary: `保存渠道的网站配置：${SAVE_FIELDS}` })
  save(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(siteConfigSaveSchema)) input: SiteConfigSaveInput,
    @Req() req: Request,
  ) {
    return this.siteConfigs.save(this.population, p, input, filesOf(req), req.ip);
  }

  @RequirePermission(Perm.tenantSiteConfig)
  @Returns(siteConfigSchema)
  @ReadsBody(siteImageQuerySchema, 'form', 'type 也可作为查询参数')
  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: '删除渠道的网站图片：type 1 LOGO，2 登录背景（查询参数）' })
  deleteImage(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    return this.siteConfigs.deleteImage(this.population, p, deleteTypeOf(req), req.ip);
  }
}
