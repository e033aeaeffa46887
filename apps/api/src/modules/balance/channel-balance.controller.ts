import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { z } from 'zod';
import {
  balanceDetailListSchema,
  balanceOrderListSchema,
  customerBalanceListSchema,
  priceEntrySchema,
  productSchema,
} from '@valuation/contracts';
import {
  allocationOrderSchema,
  BalanceMsg,
  balanceOrderFilterSchema,
  balanceOrderListQuerySchema,
  customerBalanceFilterSchema,
  customerBalanceListQuerySchema,
  Perm,
  type AllocationOrder,
  type BalanceOrderFilter,
  type BalanceOrderListQuery,
  type CustomerBalanceFilter,
  type CustomerBalanceListQuery,
} from '@valuation/domain';
import { CurrentPrincipal, ForBothPopulations, RequirePermission } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import { ReturnsXlsx } from '../../common/file-answer';
import { Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { xlsxFile } from '../../common/xlsx-export';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { ChannelBalanceService } from './channel-balance.service';

const ORDER_FILTERS =
  'account（账号或姓名，包含）、companyId、companyName、type（1 企业 2 个人）、orderNo、productCode、buyModeCode（2-7）、state（0 待生效 1 已生效 2 已过期）、from（1 用户购买 2 管理员添加）、beginDate、endDate（yyyy/MM/dd，分配日期）';

/** The channel's balances (permission 71): catalogue, price list, customer balances, orders and what is left of them. */
@ApiTags('客户余额')
@Controller()
export class ChannelBalanceController {
  constructor(private readonly balances: ChannelBalanceService) {}

  /* The path names no tenant, so the route would take user tokens only; the channel's staff call it. */
  @RequirePermission(Perm.tenantStatSummary)
  @ForBothPopulations()
  @Returns(z.array(productSchema))
  @Get('product/list')
  @ApiOperation({ summary: '产品：000001 估价次数、000002 咨询报告、000003 询价报告（渠道员工以渠道令牌调用）' })
  products() {
    return this.balances.products();
  }

  @RequirePermission(Perm.tenantStatSummary)
  @Returns(z.array(priceEntrySchema))
  @Get('tenant/price/list')
  @ApiOperation({ summary: '本渠道价目表：每种购买模式一份的次数或份数（unit）与单价（元）' })
  prices(@CurrentPrincipal() p: Principal) {
    return this.balances.prices(p);
  }

  @RequirePermission(Perm.tenantStatSummary)
  @Returns(customerBalanceListSchema)
  @Get('tenant/customer-balance/list')
  @ApiOperation({
    summary:
      '客户余额：客户账号及其有效期内的剩余次数与份数。account、companyId、companyName、type、sortField（annuallyCount、universalCount、advisoryCount、inquiryCount）、sortOrder（asc、desc）、pageIndex、pageSize（20/50/100/200）',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(customerBalanceListQuerySchema)) q: CustomerBalanceListQuery) {
    return this.balances.list(p, q);
  }

  @RequirePermission(Perm.tenantStatSummary)
  @ReturnsXlsx('客户余额 .xlsx')
  @Get('tenant/customer-balance/list/export')
  @ApiOperation({ summary: '导出客户余额 .xlsx（筛选与排序同列表）' })
  async export(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(customerBalanceFilterSchema)) q: CustomerBalanceFilter) {
    const { content, fileName } = await this.balances.export(p, q);
    return xlsxFile(content, fileName);
  }

  @RequirePermission(Perm.tenantStatSummary)
  @Returns(z.object({ orderNo: z.string() }))
  @Post('tenant/customer-balance/order')
  @HttpCode(200)
  @ApiOperation({
    summary:
      '为客户账号分配余额（JSON：balanceId 账号、productCode、buyModeCode、cityCodes（城市包年必填）、count、orderPrice（元）、effectiveDate、expireDate（yyyy/MM/dd）、remark），按规格顺序校验：请选择产品、请选择购买模式、请选择服务范围、估价次数或报告份数、请输入总价、请选择截止日期',
  })
  async order(
    @CurrentPrincipal() p: Principal,
    @Body(new ZodValidationPipe(allocationOrderSchema)) input: AllocationOrder,
    @Req() req: Request,
  ) {
    return new Reply(await this.balances.order(p, input, req.ip), BalanceMsg.allocated);
  }

  @RequirePermission(Perm.tenantStatSummary)
  @Returns(balanceOrderListSchema)
  @Get('tenant/customer-balance/order/list')
  @ApiOperation({
    summary: `订单记录，最新的在前；stat 为筛选结果的订单数、包年城市数与各产品的次数或份数。${ORDER_FILTERS}、pageIndex、pageSize`,
  })
  orders(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(balanceOrderListQuerySchema)) q: BalanceOrderListQuery) {
    return this.balances.orderList(p, q);
  }

  @RequirePermission(Perm.tenantStatSummary)
  @ReturnsXlsx('订单记录 .xlsx')
  @Get('tenant/customer-balance/order/list/export')
  @ApiOperation({ summary: '导出订单记录 .xlsx（筛选同列表）' })
  async exportOrders(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(balanceOrderFilterSchema)) q: BalanceOrderFilter) {
    const { content, fileName } = await this.balances.exportOrders(p, q);
    return xlsxFile(content, fileName);
  }

  @RequirePermission(Perm.tenantStatSummary)
  @Returns(balanceDetailListSchema)
  @Get('tenant/customer-balance/balance/list')
  @ApiOperation({
    summary: `余额明细：每个订单剩余的次数或份数（含已分配给下级账号未使用的）；stat 为剩余合计。${ORDER_FILTERS}、pageIndex、pageSize`,
  })
  details(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(balanceOrderListQuerySchema)) q: BalanceOrderListQuery) {
    return this.balances.detailList(p, q);
  }

  @RequirePermission(Perm.tenantStatSummary)
  @ReturnsXlsx('余额明细 .xlsx')
  @Get('tenant/customer-balance/balance/list/export')
  @ApiOperation({ summary: '导出余额明细 .xlsx（筛选同列表）' })
  async exportDetails(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(balanceOrderFilterSchema)) q: BalanceOrderFilter) {
    const { content, fileName } = await this.balances.exportDetails(p, q);
    return xlsxFile(content, fileName);
  }
}
