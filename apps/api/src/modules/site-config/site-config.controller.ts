import { Controller, Get, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { siteConfigSchema } from '@valuation/contracts';
import type { Population, SiteImageType } from '@valuation/domain';
import { ObjectStorage } from '@valuation/storage';
import { OptionalPrincipal, Public } from '../../common/access.decorators';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { SiteConfigService } from './site-config.service';
import { Returns, ReturnsFile } from '../../common/api-contract';

const imageQuery = z.object({
  type: z.coerce.number().refine((t) => t === 1 || t === 2, '图片类型不正确'),
});

export const SiteConfigMsg = { noImage: '未设置该图片' } as const;

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
    @Query(new ZodValidationPipe(imageQuery)) q: { type: SiteImageType },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @OptionalPrincipal() p?: Principal,
  ) {
    return this.image(p, q.type, req, res);
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
    @Query(new ZodValidationPipe(imageQuery)) q: { type: SiteImageType },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @OptionalPrincipal() p?: Principal,
  ) {
    return this.image(p, q.type, req, res);
  }
}
