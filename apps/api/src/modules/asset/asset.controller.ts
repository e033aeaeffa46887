import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { assetListSchema, evalHistoryItemSchema } from '@valuation/contracts';
import {
  assetAddSchema,
  assetDeleteSchema,
  assetFilterSchema,
  assetHistoryQuerySchema,
  assetLoanClearSchema,
  assetLoanSchema,
  assetListQuerySchema,
  assetUpdateSchema,
  Perm,
  type AssetAdd,
  type AssetFilter,
  type AssetListFilter,
  type AssetLoanInput,
  type AssetUpdate,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { ReadsBody, Returns } from '../../common/api-contract';
import { ReturnsXlsx } from '../../common/file-answer';
import { AssetService } from './asset.service';

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

@ApiTags('资产')
@Controller('asset')
export class AssetController {
  constructor(private readonly assets: AssetService) {}

  @RequirePermission(Perm.assetAdd)
  @Returns(z.object({ id: z.number() }))
  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: '加入资产（表单 evalId：估价记录 id）：该记录的房产加入本公司资产；同一房产已在资产中时 400' })
  add(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(assetAddSchema)) input: AssetAdd, @Req() req: Request) {
    return this.assets.add(p, input.evalId, req.ip);
  }

  @RequirePermission(Perm.assets)
  @Returns(assetListSchema)
  @Get('list')
  @ApiOperation({
    summary:
      '资产列表：city、cardAddress、location、beginDate/endDate（最新一次估价的日期，yyyy/MM/dd）、assetType（类型 id，none 为无类型）、evalType、pageIndex、pageSize（10/50/100/200）；{ pageInfo: { list, pages, pageNum, total }, amount（售价合计，万元）, rentAmount（租金合计，元/月） }，每项显示其房产最新一次估价，最近加入的在前',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(assetListQuerySchema)) q: AssetListFilter) {
    return this.assets.list(p, q);
  }

  @RequirePermission(Perm.assets)
  @Returns(z.array(evalHistoryItemSchema))
  @Get('history')
  @ApiOperation({ summary: '资产的估价历史（query id）：其房产的各次估价及由其发起、已答复且有价格的人工询价与人工复评，最新的在前' })
  history(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(assetHistoryQuerySchema)) q: { id: number }) {
    return this.assets.history(p, q.id);
  }

  @RequirePermission(Perm.assets)
  @Returns(z.null())
  @Post('update')
  @HttpCode(200)
  @ApiOperation({ summary: '设置资产类型（表单：id、assetType，assetType 为空表示无类型）' })
  update(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(assetUpdateSchema)) input: AssetUpdate, @Req() req: Request) {
    return this.assets.setType(p, input, req.ip);
  }

  @RequirePermission(Perm.assetLoan)
  @Returns(z.null())
  @Post('loan')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '设置资产所担保的贷款（表单：id、loanNo 贷款编号、loanAmount 贷款余额（万元）、loanDate 放款日期 yyyy/MM/dd、originValue 放款时估值（万元））',
  })
  setLoan(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(assetLoanSchema)) input: AssetLoanInput, @Req() req: Request) {
    return this.assets.setLoan(p, input.id, input, req.ip);
  }

  @RequirePermission(Perm.assetLoan)
  @Returns(z.null())
  @Post('loan/clear')
  @HttpCode(200)
  @ApiOperation({ summary: '清除资产的贷款信息（表单 id）' })
  clearLoan(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(assetLoanClearSchema)) input: { id: number },
    @Req() req: Request,
  ) {
    return this.assets.setLoan(p, input.id, null, req.ip);
  }

  @RequirePermission(Perm.assetDelete)
  @Returns(z.null())
  @ReadsBody(assetDeleteSchema, 'form', 'id 也可作为查询参数')
  @Post('del')
  @HttpCode(200)
  @ApiOperation({ summary: '删除资产（表单 id）：估价记录不受影响，可重新加入' })
  remove(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const input = new ZodValidationPipe(assetDeleteSchema).transform({ ...(req.query as Record<string, unknown>), ...bodyOf(req) });
    return this.assets.remove(p, input.id, req.ip);
  }

  @RequirePermission(Perm.assetExport)
  @ReturnsXlsx('资产 .xlsx')
  @Get('export')
  @ApiOperation({ summary: '导出资产 .xlsx（筛选同 list，最多 10000 条；可用 Authorization 查询参数携带令牌）；无数据时 404 暂无数据' })
  async export(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(assetFilterSchema)) q: AssetFilter) {
    const { content, fileName } = await this.assets.export(p, q);
    return xlsxFile(content, fileName);
  }
}
