import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { orgInfoSchema, orgNodeSchema, orgTreeNodeSchema } from '@valuation/contracts';
import {
  ORG_LIMITS,
  orgAddSchema,
  orgDeleteSchema,
  orgEditSchema,
  orgIdQuerySchema,
  OrganizationMsg,
  orgMoveSchema,
  Perm,
  type OrgAdd,
  type OrgDelete,
  type OrgEdit,
  type OrgIdQuery,
  type OrgMove,
} from '@valuation/domain';
import { ObjectNotFoundError, ObjectStorage } from '@valuation/storage';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import { ReturnsFile } from '../../common/file-answer';
import { ApiError } from '../../common/api-error';
import { Uploads } from '../../common/multipart';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { LICENSE_FIELD, OrganizationService, type UploadedLicenseFile } from './organization.service';

const filesOf = (req: Request): readonly UploadedLicenseFile[] => (Array.isArray(req.files) ? req.files : []);

const RANGE = '数据范围：持有 45（本机构及下级）时为本机构及其全部下级机构，否则仅本机构；范围外的机构 404';

@ApiTags('机构管理')
@Controller('auth/org')
export class OrganizationController {
  constructor(
    private readonly organizations: OrganizationService,
    private readonly storage: ObjectStorage,
  ) {}

  @RequirePermission(Perm.organisation, Perm.accounts)
  @Returns(z.array(orgTreeNodeSchema))
  @Get('findMOrgs')
  @ApiOperation({
    summary: `机构树（有效机构）。${RANGE}。只有账号管理（11）而无机构管理（10）时为账号页的机构树：持有 51 时为本机构及其全部下级机构，否则仅本机构`,
  })
  tree(@CurrentPrincipal() p: Principal) {
    return this.organizations.tree(p);
  }

  @RequirePermission(Perm.organisation)
  @Returns(orgInfoSchema)
  @Get('findInfoById')
  @ApiOperation({ summary: `机构信息：orgId。${RANGE}` })
  info(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(orgIdQuerySchema)) q: OrgIdQuery) {
    return this.organizations.info(p, q.orgId);
  }

  @RequirePermission(Perm.organisation)
  @ReturnsFile('image/*', '营业执照副本图片（png 或 jpg）')
  @Get('images')
  @ApiOperation({ summary: `机构的营业执照副本图片：orgId；未上传时 404。${RANGE}` })
  async images(
    @CurrentPrincipal() p: Principal,
    @Query(new ZodValidationPipe(orgIdQuerySchema)) q: OrgIdQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    const key = await this.organizations.licenseKey(p, q.orgId);
    const stat = key ? await this.storage.stat(key) : null;
    if (!key || !stat) throw ApiError.notFound(OrganizationMsg.noLicense);
    const stream = await this.storage.getStream(key).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) throw ApiError.notFound(OrganizationMsg.noLicense);
      throw error;
    });
    res.setHeader('Content-Type', stat.contentType);
    res.setHeader('Content-Length', String(stat.size));
    res.setHeader('Cache-Control', 'private, no-cache');
    return new StreamableFile(stream);
  }

  @RequirePermission(Perm.organisation)
  @Returns(orgNodeSchema)
  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: `新增下级机构（表单）：parentId、name（默认「新建机构」，≤50字）。${RANGE}` })
  add(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(orgAddSchema)) input: OrgAdd, @Req() req: Request) {
    return this.organizations.add(p, input, req.ip);
  }

  @RequirePermission(Perm.organisation)
  @Returns(orgNodeSchema)
  @Post('edit')
  @Uploads({
    name: LICENSE_FIELD,
    maxCount: 1,
    maxBytes: ORG_LIMITS.licenseBytes,
    tooBig: OrganizationMsg.licenseTooLarge,
    description: '营业执照副本：png、jpg 或 jpeg，不超过10M（仅顶级机构）',
  })
  @HttpCode(200)
  @ApiOperation({
    summary:
      `重命名（表单：id、name、parentId）或保存机构信息（multipart：id、name、provinceCode、provinceName、cityCode、cityName、address、socialCode、contact、contactNumber、email、fax、bussinessType（逗号分隔：按揭贷款、其他贷款）与营业执照图片 licenseFile）；` +
      `未发送的字段保持不变，上级机构只能通过 changePid 修改；统一社会信用代码与营业执照仅限顶级机构。${RANGE}`,
  })
  edit(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(orgEditSchema)) input: OrgEdit, @Req() req: Request) {
    return this.organizations.edit(p, input, filesOf(req), req.ip);
  }

  @RequirePermission(Perm.organisation)
  @Returns(orgNodeSchema)
  @Post('changePid')
  @HttpCode(200)
  @ApiOperation({
    summary: `移动机构（表单）：orgId、parentId；客户公司不能移动，也不能移动到自身或其下级机构下；其下级机构随之移动。${RANGE}`,
  })
  move(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(orgMoveSchema)) input: OrgMove, @Req() req: Request) {
    return this.organizations.move(p, input, req.ip);
  }

  @RequirePermission(Perm.organisation)
  @Returns(z.null())
  @Post('delete')
  @HttpCode(200)
  @ApiOperation({
    summary: `删除机构（表单）：orgId、status=3；客户公司、仍有下级机构或有效账号的机构不能删除。${RANGE}`,
  })
  delete(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(orgDeleteSchema)) input: OrgDelete, @Req() req: Request) {
    return this.organizations.remove(p, input.orgId, req.ip);
  }
}
