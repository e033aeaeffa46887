import { z } from 'zod';
import { pagedSchema } from './envelope';

export const productSchema = z
  .object({ productCode: z.string(), productName: z.string() })
  .meta({ id: 'Product', description: 'GET /api/product/list: 000001 估价次数, 000002 咨询报告, 000003 询价报告.' });
export type Product = z.infer<typeof productSchema>;

export const priceEntrySchema = z
  .object({
    buyMode: z.number().int().describe('购买模式 2-7'),
    unit: z.number().int().describe('该模式每份的次数或份数；模式 2、3、4 以它预填分配数量'),
    price: z.string().describe('单价（元），两位小数'),
  })
  .meta({ id: 'PriceEntry', description: 'GET /api/tenant/price/list: the channel price list.' });
export type PriceEntry = z.infer<typeof priceEntrySchema>;

const countsShape = {
  cityCount: z.number().int().describe('可用包年城市数'),
  annuallyCount: z.number().int().describe('包年城市剩余估价次数（有效期内）'),
  universalCount: z.number().int().describe('全国通用剩余估价次数（有效期内）'),
  advisoryCount: z.number().int().describe('咨询报告剩余份数（有效期内）'),
  inquiryCount: z.number().int().describe('询价报告剩余份数（有效期内）'),
  buyScope: z.string().describe('可用包年城市，以“、”连接'),
};

export const customerBalanceRowSchema = z
  .object({
    id: z.number().int().describe('账号 id（balanceId）'),
    loginUser: z.string(),
    userName: z.string(),
    companyId: z.number().int(),
    companyName: z.string(),
    userType: z.number().int().describe('1 企业 2 个人'),
    ...countsShape,
  })
  .meta({ id: 'CustomerBalanceRow', description: 'A customer account and its usable counts (GET api/tenant/customer-balance/list).' });
export type CustomerBalanceRow = z.infer<typeof customerBalanceRowSchema>;

export const customerBalanceStatSchema = z.object({
  accountNum: z.number().int().describe('客户账号数'),
  cityNum: z.number().int().describe('未过期的包年城市数'),
  universalNum: z.number().int().describe('全国通用剩余估价次数'),
  advisoryNum: z.number().int().describe('咨询报告剩余份数'),
  inquiryNum: z.number().int().describe('询价报告剩余份数'),
});
export type CustomerBalanceStat = z.infer<typeof customerBalanceStatSchema>;

export const customerBalanceListSchema = z
  .object({ stat: customerBalanceStatSchema, list: pagedSchema(customerBalanceRowSchema) })
  .meta({ id: 'CustomerBalanceList' });
export type CustomerBalanceList = z.infer<typeof customerBalanceListSchema>;

const orderShape = {
  id: z.number().int(),
  orderNo: z.string(),
  orderTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  accountId: z.number().int(),
  loginUser: z.string(),
  userName: z.string(),
  userType: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  productCode: z.string(),
  productName: z.string(),
  buyModeCode: z.number().int(),
  buyModeName: z.string(),
  buyScope: z.string().describe('城市名以“、”连接；空为全国'),
  evalCount: z.number().int().describe('估价次数（估价产品）'),
  reportCount: z.number().int().describe('报告份数（报告产品）'),
  effectiveDate: z.string().describe('yyyy-MM-dd'),
  expireDate: z.string().describe('yyyy-MM-dd'),
  state: z.number().int().describe('0 待生效 1 已生效 2 已过期'),
};

export const balanceOrderRowSchema = z
  .object({
    ...orderShape,
    orderPrice: z.string().describe('元，两位小数'),
    orderFrom: z.number().int().describe('1 用户购买 2 管理员添加'),
    fromAccount: z.string().describe('添加订单的渠道账号'),
    remark: z.string(),
  })
  .meta({ id: 'BalanceOrderRow', description: 'An order record (GET api/tenant/customer-balance/order/list).' });
export type BalanceOrderRow = z.infer<typeof balanceOrderRowSchema>;

export const orderStatSchema = z.object({
  orderNum: z.number().int().describe('订单数'),
  cityNum: z.number().int().describe('包年城市数'),
  universalNum: z.number().int().describe('全国通用估价次数'),
  advisoryNum: z.number().int().describe('咨询报告份数'),
  inquiryNum: z.number().int().describe('询价报告份数'),
});
export type OrderStat = z.infer<typeof orderStatSchema>;

export const balanceOrderListSchema = z
  .object({ stat: orderStatSchema, list: pagedSchema(balanceOrderRowSchema) })
  .meta({ id: 'BalanceOrderList' });
export type BalanceOrderList = z.infer<typeof balanceOrderListSchema>;

export const balanceDetailRowSchema = z
  .object({
    ...orderShape,
    evalRemainingCount: z.number().int().describe('剩余估价次数（含已分配给下级账号后余下的）'),
    reportRemainingCount: z.number().int().describe('剩余报告份数'),
  })
  .meta({ id: 'BalanceDetailRow', description: 'What is left of an order (GET api/tenant/customer-balance/balance/list).' });
export type BalanceDetailRow = z.infer<typeof balanceDetailRowSchema>;

export const balanceDetailListSchema = z
  .object({ stat: orderStatSchema, list: pagedSchema(balanceDetailRowSchema) })
  .meta({ id: 'BalanceDetailList', description: 'stat counts what is left of the filtered orders.' });
export type BalanceDetailList = z.infer<typeof balanceDetailListSchema>;

export const userBalanceRowSchema = z
  .object({
    id: z.number().int().describe('账号 id（balanceId）'),
    userType: z.number().int(),
    loginUser: z.string(),
    userName: z.string(),
    organizationId: z.number().int(),
    organizationName: z.string(),
    ...countsShape,
    revocable: z.boolean().describe('是否有已分配且未使用、可收回的余额'),
    self: z.boolean().describe('是否为当前登录账号'),
  })
  .meta({ id: 'UserBalanceRow', description: 'An account of the organisation and its usable counts (GET api/user-balance/list).' });
export type UserBalanceRow = z.infer<typeof userBalanceRowSchema>;

export const customerBalanceSummarySchema = z
  .object({
    id: z.number().int().describe('分配方账号 id'),
    loginUser: z.string(),
    ...countsShape,
    annuallyDefault: z.number().int(),
    universalDefault: z.number().int(),
    advisoryDefault: z.number().int(),
    inquiryDefault: z.number().int(),
  })
  .meta({ id: 'CustomerBalance', description: 'What the signed-in administrator can allocate, and the defaults of the dialog.' });
export type CustomerBalanceSummary = z.infer<typeof customerBalanceSummarySchema>;

export const userBalanceListSchema = z
  .object({ list: pagedSchema(userBalanceRowSchema), customerBalance: customerBalanceSummarySchema })
  .meta({ id: 'UserBalanceList' });
export type UserBalanceList = z.infer<typeof userBalanceListSchema>;

export const allocationRowSchema = z
  .object({
    id: z.number().int(),
    orderNo: z.string(),
    action: z.number().int().describe('1 分配 2 收回'),
    actionName: z.string(),
    accountId: z.number().int(),
    loginUser: z.string(),
    userName: z.string(),
    organizationName: z.string(),
    annuallyCount: z.number().int().describe('收回为负数'),
    universalCount: z.number().int(),
    advisoryCount: z.number().int(),
    inquiryCount: z.number().int(),
    createBy: z.number().int(),
    createName: z.string(),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  })
  .meta({ id: 'AllocationRow', description: 'An allocation or revoke (GET api/user-balance/allocate/list).' });
export type AllocationRow = z.infer<typeof allocationRowSchema>;

export const allocationStatSchema = z.object({
  annuallyNum: z.number().int().describe('净分配包年城市次数（分配减收回）'),
  universalNum: z.number().int(),
  advisoryNum: z.number().int(),
  inquiryNum: z.number().int(),
});
export type AllocationStat = z.infer<typeof allocationStatSchema>;

export const allocationListSchema = z
  .object({ list: pagedSchema(allocationRowSchema), stat: allocationStatSchema })
  .meta({ id: 'AllocationList' });
export type AllocationList = z.infer<typeof allocationListSchema>;
