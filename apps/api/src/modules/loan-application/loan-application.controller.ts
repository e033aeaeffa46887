import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import { loanApplyCollateralSchema, loanApplyDetailSchema, loanApplyListSchema } from '@valuation/contracts';
import {
  loanApplyDecideSchema,
  loanApplyEditSchema,
  loanApplyFilterSchema,
  loanApplyIdSchema,
  loanApplyListQuerySchema,
  loanApplyRecordQuerySchema,
  loanApplySchema,
  Perm,
  type LoanApplyDecision,
  type LoanApplyEdit,
  type LoanApplyFilter,
  type LoanApplyInput,
  type LoanApplyListQuery,
  type LoanApplyRecordQuery,
} from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import { ReturnsXlsx } from '../../common/file-answer';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { LoanApplicationService } from './loan-application.service';

const FILTERS =
  'applyNo 申请编号、borrower 借款人（包含）、state（pending 待审批、approved 已批准、rejected 已拒绝、withdrawn 已撤回）、beginDate/endDate（申请日期，yyyy/MM/dd）';

@ApiTags('贷款申请')
@Controller('loan-apply')
export class LoanApplicationController {
  constructor(private readonly applications: LoanApplicationService) {}

  @RequirePermission(Perm.loanApply)
  @Returns(loanApplyListSchema)
  @Get('list')
  @ApiOperation({
    summary: `贷款申请列表：${FILTERS}、pageIndex、pageSize（10/50/100/200）；每项带押品估价、报告与申请时抵押率，最新的在前；按估价记录的数据范围`,
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(loanApplyListQuerySchema)) q: LoanApplyListQuery) {
    return this.applications.list(p, q);
  }

  @RequirePermission(Perm.loanApply)
  @Returns(loanApplyDetailSchema)
  @Get('detail')
  @ApiOperation({ summary: '一笔贷款申请（query id）：押品估价、报告、审批信息与处理记录' })
  detail(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(loanApplyIdSchema)) q: { id: number }) {
    return this.applications.detail(p, q.id);
  }

  @RequirePermission(Perm.loanApplyManage)
  @Returns(z.array(loanApplyCollateralSchema))
  @Get('records')
  @ApiOperation({ summary: '可作押品的估价记录（keyword：估价编号、证载地址或小区）：数据范围内最近的售价估价，最多20条' })
  records(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(loanApplyRecordQuerySchema)) q: LoanApplyRecordQuery) {
    return this.applications.recordChoices(p, q.keyword);
  }

  @RequirePermission(Perm.loanApplyManage)
  @Returns(z.object({ id: z.number() }))
  @Post('add')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '新增贷款申请（表单：applyNo 申请编号、borrower 借款人、borrowerPhone 联系电话、amount 申请金额（万元）、term 期限（月）、purpose 贷款用途、evalCode 押品估价编号）；申请编号在本公司内唯一',
  })
  add(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(loanApplySchema)) input: LoanApplyInput, @Req() req: Request) {
    return this.applications.add(p, input, req.ip);
  }

  @RequirePermission(Perm.loanApplyManage)
  @Returns(z.null())
  @Post('edit')
  @HttpCode(200)
  @ApiOperation({ summary: '编辑待审批的贷款申请（表单：id 与新增的字段）' })
  edit(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(loanApplyEditSchema)) input: LoanApplyEdit, @Req() req: Request) {
    return this.applications.edit(p, input, req.ip);
  }

  @RequirePermission(Perm.loanApplyManage)
  @Returns(z.null())
  @Post('decide')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '审批待审批的贷款申请（表单：id、state 1 批准 2 拒绝、approvedAmount 批准金额（万元，批准时必填，不超过申请金额）、loanNo 贷款编号（批准时选填）、opinion 审批意见（拒绝时必填））；批准并填写贷款编号时，押品加入资产并登记该贷款；已审批的申请不能再审批',
  })
  decide(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(loanApplyDecideSchema)) input: LoanApplyDecision,
    @Req() req: Request,
  ) {
    return this.applications.decide(p, input, req.ip);
  }

  @RequirePermission(Perm.loanApplyManage)
  @Returns(z.null())
  @Post('withdraw')
  @HttpCode(200)
  @ApiOperation({ summary: '撤回待审批的贷款申请（表单 id）' })
  withdraw(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(loanApplyIdSchema)) input: { id: number }, @Req() req: Request) {
    return this.applications.withdraw(p, input.id, req.ip);
  }

  @RequirePermission(Perm.loanApply)
  @ReturnsXlsx('贷款申请 .xlsx')
  @Get('export')
  @ApiOperation({ summary: `导出贷款申请 .xlsx（${FILTERS}，最多 10000 条；可用 Authorization 查询参数携带令牌）；无数据时 404 暂无数据` })
  async export(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(loanApplyFilterSchema)) q: LoanApplyFilter) {
    const { content, fileName } = await this.applications.export(p, q);
    return xlsxFile(content, fileName);
  }
}
