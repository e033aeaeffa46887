import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { customerCompanyOptionSchema, customerCompanyViewSchema, pagedSchema } from '@valuation/contracts';
import {
  customerCompanyAddSchema,
  customerCompanyDeleteSchema,
  customerCompanyEditSchema,
  customerCompanyImageSchema,
  customerCompanyListQuerySchema,
  CustomerCompanyMsg,
  LICENCE_IMAGE_MAX_BYTES,
  LicenceImageMsg,
  Perm,
  type CustomerCompanyAdd,
  type CustomerCompanyEdit,
  type CustomerCompanyListQuery,
} from '@valuation/domain';
import { ObjectNotFoundError, ObjectStorage } from '@valuation/storage';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { ReadsBody, Returns } from '../../common/api-contract';
import { ReturnsFile } from '../../common/file-answer';
import { ApiError } from '../../common/api-error';
import { Uploads, type UploadField } from '../../common/multipart';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { CustomerCompanyService, LICENSE_FIELD, type UploadedLicence } from './customer-company.service';

/** The business licence image of the company form: one png, jpg, jpeg or gif of at most 10M. */
const LICENSE_FILE: UploadField = {
  name: LICENSE_FIELD,
  maxCount: 1,
  maxBytes: LICENCE_IMAGE_MAX_BYTES,
  tooBig: LicenceImageMsg.tooLarge,
  description: '营业执照副本图片：png、jpg、jpeg 或 gif（按内容识别），不超过10M',
};

const SAVE_FIELDS =
  'multipart：name（必填，≤50字，仅中文）、categoryId、provinceCode、provinceName、cityCode、cityName、address（≤100字）、socialCode（15或18位字母数字）、contact（或 contactName，≤20字）、contactNumber、fax（数字、-、逗号，≤100）、email、department、position（仅中文，≤50字）、revalCharge（押品重估计费：true 按估价次数计费，false 不计费；新增时缺省不计费，编辑时缺省不变），可选图片 licenseFile';

/** Everyone who picks a customer company somewhere. */
const PICKERS = [Perm.customerCompany, Perm.customerDomain, Perm.customerAccount, Perm.tenantStatSummary, Perm.tenantStatItems] as const;

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
const filesOf = (req: Request): readonly UploadedLicence[] => (Array.isArray(req.files) ? req.files : []);

@ApiTags('客户公司')
@Controller('tenant/customer-company')
export class CustomerCompanyController {
  constructor(
    private readonly companies: CustomerCompanyService,
    private readonly storage: ObjectStorage,
  ) {}

  @RequirePermission(...PICKERS)
  @Returns(z.array(customerCompanyOptionSchema))
  @Get('list')
  @ApiOperation({ summary: '本渠道的客户公司（id、name），供各页面选择客户公司' })
  list(@CurrentPrincipal() p: Principal) {
    return this.companies.options(p);
  }

  @RequirePermission(...PICKERS)
  @Returns(z.array(customerCompanyOptionSchema))
  @Get('filter')
  @ApiOperation({ summary: '本渠道的客户公司（id、name），供列表筛选' })
  filter(@CurrentPrincipal() p: Principal) {
    return this.companies.options(p);
  }

  @RequirePermission(Perm.customerCompany, Perm.customerAccount)
  @Returns(z.array(customerCompanyOptionSchema))
  @Get('list/nouser')
  @ApiOperation({ summary: '尚无账号的客户公司（id、name）' })
  withoutAccounts(@CurrentPrincipal() p: Principal) {
    return this.companies.withoutAccounts(p);
  }

  @RequirePermission(Perm.customerCompany)
  @Returns(pagedSchema(customerCompanyViewSchema))
  @Get('pageable')
  @ApiOperation({
    summary:
      '客户公司列表：companyName、contact（包含）、categoryId、provinceCode、cityCode，pageIndex、pageSize（20/50/100/200，默认20）；最新添加的在前',
  })
  page(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(customerCompanyListQuerySchema)) q: CustomerCompanyListQuery) {
    return this.companies.page(p, q);
  }

  @RequirePermission(Perm.customerCompanyAdd)
  @Returns(customerCompanyViewSchema)
  @Post('add')
  @Uploads(LICENSE_FILE)
  @HttpCode(200)
  @ApiOperation({ summary: `新增客户公司（同时建立其根机构与默认业务类型 按揭贷款、其他贷款）：${SAVE_FIELDS}` })
  add(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(customerCompanyAddSchema)) input: CustomerCompanyAdd,
    @Req() req: Request,
  ) {
    return this.companies.add(p, input, filesOf(req), req.ip);
  }

  @RequirePermission(Perm.customerCompanyEdit)
  @Returns(customerCompanyViewSchema)
  @Post('update')
  @Uploads(LICENSE_FILE)
  @HttpCode(200)
  @ApiOperation({ summary: `编辑客户公司：id 与 ${SAVE_FIELDS}；上传新的 licenseFile 时替换原图，未上传时保持不变` })
  update(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(customerCompanyEditSchema)) input: CustomerCompanyEdit,
    @Req() req: Request,
  ) {
    return this.companies.update(p, input, filesOf(req), req.ip);
  }

  @RequirePermission(Perm.customerCompanyDelete)
  @Returns(z.null())
  @ReadsBody(customerCompanyDeleteSchema, 'form', 'id 也可作为查询参数')
  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: '删除客户公司（表单 id）：公司及其下属机构标记为已删除；公司仍有账号时 400，并说明账号数' })
  remove(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const input = new ZodValidationPipe(customerCompanyDeleteSchema).transform({
      ...(req.query as Record<string, unknown>),
      ...bodyOf(req),
    });
    return this.companies.remove(p, input.id, req.ip);
  }

  @RequirePermission(Perm.customerCompany)
  @ReturnsFile('image/*', '营业执照副本图片（png、jpg 或 gif）')
  @Get('images')
  @ApiOperation({ summary: '客户公司的营业执照副本图片：companyId；未上传时 404' })
  async images(
    @CurrentPrincipal() p: Principal,
    @Query(new ZodValidationPipe(customerCompanyImageSchema)) q: { companyId: number },
    @Res({ passthrough: true }) res: Response,
  ) {
    const key = await this.companies.licenceKey(p, q.companyId);
    const stat = await this.storage.stat(key);
    if (!stat) throw ApiError.notFound(CustomerCompanyMsg.noLicence);
    const stream = await this.storage.getStream(key).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) throw ApiError.notFound(CustomerCompanyMsg.noLicence);
      throw error;
    });
    res.setHeader('Content-Type', stat.contentType);
    res.setHeader('Content-Length', String(stat.size));
    res.setHeader('Cache-Control', 'private, no-cache');
    return new StreamableFile(stream);
  }

  @RequirePermission(Perm.customerCompanyEdit)
  @Returns(customerCompanyViewSchema)
  @ReadsBody(customerCompanyImageSchema, 'form', 'companyId 也可作为查询参数')
  @Post('images/delete')
  @HttpCode(200)
  @ApiOperation({ summary: '删除客户公司的营业执照副本图片：companyId（查询参数或表单）' })
  deleteImage(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const q = new ZodValidationPipe(customerCompanyImageSchema).transform({ ...(req.query as Record<string, unknown>), ...bodyOf(req) });
    return this.companies.deleteLicence(p, q.companyId, req.ip);
  }
}
