import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  evalHistoryItemSchema,
  evalListRowSchema,
  evalResultSchema,
  evalTrendSchema,
  pagedSchema,
  rapidResultSchema,
} from '@valuation/contracts';
import { evalFilterSchema, evalListQuerySchema, Perm, ValuationMsg, type EvalFilter, type EvalListFilter } from '@valuation/domain';
import type { TradeType } from '@valuation/valuation';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { KeyScope } from '../../common/key-scope.decorator';
import { RateLimit } from '../../common/rate-limit.decorator';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { EvalRecordListService } from './eval-record-list.service';
import { EvalService } from './eval.service';
import { ReadsBody, Returns } from '../../common/api-contract';
import { ReturnsXlsx } from '../../common/file-answer';
import { valuationRequestBodySchema } from './valuation-request.body';

const evalTypeQuery = z.object({
  evalType: z.coerce.number().refine((n) => n === 1 || n === 2, ValuationMsg.evalTypeInvalid),
});
const evalCodeSchema = z.object({
  evalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6,32}$/, '估价编号不正确'),
});
const historyQuery = z.object({ evalRecordId: z.coerce.number().int().positive('估价记录不存在') });

const VIEW = [Perm.quickValuation, Perm.valuationRecords, Perm.evalDetail];

@ApiTags('估价')
@Controller('eval')
export class EvalController {
  constructor(
    private readonly evals: EvalService,
    private readonly records: EvalRecordListService,
  ) {}

  @KeyScope('valuate')
  @RequirePermission(Perm.saleValuation, Perm.rentValuation)
  @Returns(rapidResultSchema)
  @ReadsBody(valuationRequestBodySchema, 'form', '一般以 JSON 提交')
  @RateLimit('valuation')
  @Post('rapid')
  @HttpCode(200)
  @ApiOperation({ summary: '自动估价：query evalType 1 售价、2 租金；JSON 估价参数。402 表示未找到房产信息' })
  rapid(
    @CurrentPrincipal() p: Principal,
    @Query(new ZodValidationPipe(evalTypeQuery)) q: { evalType: TradeType },
    @Body() body: Record<string, unknown>,
  ) {
    return this.evals.rapid(p, body ?? {}, q.evalType);
  }

  @KeyScope('read')
  @RequirePermission(...VIEW)
  @Returns(evalResultSchema)
  @Get('get')
  @ApiOperation({ summary: '估价结果：record、samples、betas' })
  get(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(evalCodeSchema)) q: { evalCode: string }) {
    return this.evals.get(p, q.evalCode);
  }

  @RequirePermission(...VIEW)
  @Returns(evalTrendSchema)
  @Get('pm')
  @ApiOperation({ summary: '价格走势：X 环比，R 同比' })
  pm(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(evalCodeSchema)) q: { evalCode: string }) {
    return this.evals.pm(p, q.evalCode);
  }

  @RequirePermission(Perm.saleValuation, Perm.rentValuation)
  @Returns(rapidResultSchema)
  @RateLimit('valuation')
  @Post('reval')
  @HttpCode(200)
  @ApiOperation({ summary: '重新估价：query evalType；JSON evalCode' })
  reval(
    @CurrentPrincipal() p: Principal,
    @Query(new ZodValidationPipe(evalTypeQuery)) q: { evalType: TradeType },
    @Body(new ZodValidationPipe(evalCodeSchema)) body: { evalCode: string },
  ) {
    return this.evals.reval(p, body.evalCode, q.evalType);
  }

  @RequirePermission(...VIEW)
  @Returns(z.array(evalHistoryItemSchema))
  @Get('history/list')
  @ApiOperation({ summary: '同一房产的估价历史：各次估价（类型 1）及由其发起、已答复且有价格的人工询价（2）与人工复评（3），最新的在前' })
  history(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(historyQuery)) q: { evalRecordId: number }) {
    return this.evals.history(p, q.evalRecordId);
  }

  @KeyScope('read')
  @RequirePermission(Perm.valuationRecords)
  @Returns(pagedSchema(evalListRowSchema))
  @Get('list')
  @ApiOperation({
    summary:
      '估价记录：city（名称或代码）、cardAddress、location（小区名或位置，包含即可）、beginDate/endDate（yyyy/MM/dd，含当日）、type 物业类型、evalType、pageIndex、pageSize（10/50/100/200）；{ list, pages, pageNum, total }，最新的在前',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(evalListQuerySchema)) q: EvalListFilter) {
    return this.records.list(p, q);
  }

  @RequirePermission(Perm.recordExport)
  @ReturnsXlsx('估价记录 .xlsx')
  @Get('export')
  @ApiOperation({ summary: '导出估价记录 .xlsx（筛选同 list，最多 10000 条；可用 Authorization 查询参数携带令牌）；无数据时 404 暂无数据' })
  async export(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(evalFilterSchema)) q: EvalFilter) {
    const { content, fileName } = await this.records.export(p, q);
    return xlsxFile(content, fileName);
  }
}
