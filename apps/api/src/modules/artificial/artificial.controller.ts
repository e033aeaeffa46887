import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import {
  appraisalCaseRecordSchema,
  appraisalCaseViewSchema,
  artificialListRowSchema,
  artificialSubmittedSchema,
  pagedSchema,
} from '@valuation/contracts';
import {
  artificialAddSchema,
  artificialFileQuerySchema,
  artificialFilterSchema,
  artificialIdAddSchema,
  artificialListQuerySchema,
  caseIdQuerySchema,
  Perm,
  validate,
  type ArtificialFilter,
  type ArtificialListQuery,
} from '@valuation/domain';
import { ApiError } from '../../common/api-error';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { RateLimit } from '../../common/rate-limit.decorator';
import { Uploads } from '../../common/multipart';
import { CASE_FILES } from '../../common/upload-fields';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { ArtificialService } from './artificial.service';
import { ReadsBody, Returns } from '../../common/api-contract';
import { ReturnsFile, ReturnsXlsx } from '../../common/file-answer';

type Fields = Record<string, unknown>;

/** Sets a dotted path (haInfo.haName) in a plain object. */
function setPath(target: Fields, path: readonly string[], value: unknown) {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return;
    const next = node[key];
    node = node[key] = next !== null && typeof next === 'object' && !Array.isArray(next) ? (next as Fields) : {};
  }
  const last = path[path.length - 1];
  if (last !== '__proto__' && last !== 'constructor' && last !== 'prototype') node[last] = value;
}

/** How multipart requests send the house information (see {@link houseInfoOf}). */
export const HOUSE_INFO_NOTE =
  'houseInfo 以 JSON 文本提交，或逐项以 houseInfo.* 字段提交（houseInfo.cityCode、houseInfo.haInfo.haName...），两者都有时字段优先';

/**
 * The house information of a multipart request: a houseInfo JSON text or object, and/or
 * houseInfo.* fields (houseInfo.haInfo.haName...), the fields winning.
 */
export function houseInfoOf(body: Fields): Fields {
  let house: Fields = {};
  const given = body.houseInfo;
  if (typeof given === 'string' && given.trim()) {
    try {
      const parsed: unknown = JSON.parse(given);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) house = parsed as Fields;
    } catch {
      house = {};
    }
  } else if (given && typeof given === 'object' && !Array.isArray(given)) {
    house = { ...(given as Fields) };
  }
  for (const [key, value] of Object.entries(body)) {
    if (key.startsWith('houseInfo.')) setPath(house, key.slice('houseInfo.'.length).split('.'), value);
  }
  return house;
}

function parsed<T>(result: { ok: true; value: T } | { ok: false; message: string; field?: string; errors?: unknown }): T {
  if (!result.ok) throw ApiError.badRequest(result.message, { field: result.field, errors: result.errors });
  return result.value;
}

const uploads = (req: Request) =>
  ((req.files ?? []) as Express.Multer.File[]).filter(
    (f) => f.fieldname === 'files' || f.fieldname === 'files[]' || f.fieldname === 'file',
  );

@ApiTags('人工询价')
@Controller('artificial')
export class ArtificialController {
  constructor(private readonly cases: ArtificialService) {}

  @RequirePermission(Perm.manualEnquiry)
  @Returns(artificialSubmittedSchema)
  @ReadsBody(artificialAddSchema, 'multipart', HOUSE_INFO_NOTE)
  @RateLimit('valuation')
  @Post('add')
  @Uploads(CASE_FILES)
  @HttpCode(200)
  @ApiOperation({
    summary:
      '人工询价（multipart：files 至多5个、每个不超过30M，图片或压缩包；reason 1/2/3（3 需 otherReason）、otherReason、remark、evalType 1 售价/2 租金；houseInfo.* 字段或 houseInfo JSON：cityCode、cityName、haInfo.haCode、haInfo.haName、cardAddress、bldgArea...）。10秒内重复提交返回已提交的询价',
  })
  add(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const body = (req.body ?? {}) as Fields;
    const value = parsed(validate(artificialAddSchema, { ...body, houseInfo: houseInfoOf(body) }));
    return this.cases.add(p, value, uploads(req));
  }

  @RequirePermission(Perm.manualEnquiry)
  @Returns(artificialSubmittedSchema)
  @ReadsBody(artificialIdAddSchema, 'multipart')
  @RateLimit('valuation')
  @Post('idadd')
  @Uploads(CASE_FILES)
  @HttpCode(200)
  @ApiOperation({
    summary: '从估价结果发起人工询价（multipart：initiate=1、sourceId 估价编号、evalType、reason、otherReason、remark、files）',
  })
  idAdd(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const value = parsed(validate(artificialIdAddSchema, req.body ?? {}));
    return this.cases.addFromValuation(p, value, uploads(req));
  }

  @RequirePermission(Perm.manualEnquiryList)
  @Returns(pagedSchema(artificialListRowSchema))
  @Get('list')
  @ApiOperation({
    summary:
      '人工询价记录：city、location、beginDate/endDate（yyyy/MM/dd）、status 0 全部/1 未处理/2 已处理、pageIndex、pageSize；{ list, pages, pageNum, total }，最新的在前',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(artificialListQuerySchema)) q: ArtificialListQuery) {
    return this.cases.list(p, q);
  }

  @RequirePermission(Perm.manualEnquiryList)
  @ReturnsXlsx('人工询价记录 .xlsx')
  @Get('list/export')
  @ApiOperation({ summary: '导出人工询价记录 .xlsx（筛选同列表；可用 Authorization 查询参数携带令牌）；无数据时 404 暂无数据' })
  async export(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(artificialFilterSchema)) q: ArtificialFilter) {
    const { content, fileName } = await this.cases.export(p, q);
    return xlsxFile(content, fileName);
  }

  @RequirePermission(Perm.manualEnquiryList)
  @Returns(appraisalCaseRecordSchema)
  @Get('get')
  @ApiOperation({
    summary:
      '人工询价详情：id；申请、答复或失败原因、处理历史、附件，historyList 为所属链的价格历史（类型 1 自动估价/2 人工询价/3 人工复评，按日期）（不标记已读）',
  })
  get(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(caseIdQuerySchema)) q: { id: number }) {
    return this.cases.get(p, q.id);
  }

  @RequirePermission(Perm.manualEnquiryList)
  @Returns(appraisalCaseViewSchema)
  @Post('read')
  @HttpCode(200)
  @ApiOperation({ summary: '标记已读：id；仅状态 2、3 的询价，仅申请人本人查看时标记，已读的或他人查看的不变化' })
  read(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(caseIdQuerySchema)) body: { id: number }) {
    return this.cases.read(p, body.id);
  }

  @RequirePermission(Perm.manualEnquiry)
  @Returns(appraisalCaseViewSchema)
  @Post('withdraw')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '撤回人工询价：id；仅申请人本人、仅在估价师领取之前（待估价）可撤回，之后答复 400 估价师已受理该询价，无法撤回；撤回后状态 4 已撤回',
  })
  withdraw(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(caseIdQuerySchema)) body: { id: number }) {
    return this.cases.withdraw(p, body.id);
  }

  @RequirePermission(Perm.manualEnquiryList)
  @ReturnsFile('application/octet-stream', '附件文件')
  @Get('file')
  @ApiOperation({ summary: '下载人工询价附件：id、index（可用 Authorization 查询参数携带令牌）' })
  file(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(artificialFileQuerySchema)) q: { id: number; index: number }) {
    return this.cases.file(p, q.id, q.index);
  }

  @RequirePermission(Perm.manualEnquiryList)
  @Returns(z.number().int())
  @Get('unread-count')
  @ApiOperation({ summary: '本人已处理未读的人工询价数量（页眉角标）' })
  unreadCount(@CurrentPrincipal() p: Principal) {
    return this.cases.unreadCount(p);
  }
}
