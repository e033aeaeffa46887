import type { CustomerBalanceRow, PriceEntry, Product } from '@valuation/contracts';
import {
  BUY_MODE_NAMES,
  BuyMode,
  businessToday,
  FILTER_EARLIEST_DATE,
  PREFILLED_BUY_MODES,
  ProductCode,
  productName,
  toFilterDate,
  type AllocationOrder,
  type AllocationOrderInput,
} from '@valuation/domain';

/** The account a balance is allocated to: a row of the customer balance list. */
export type AllocationTarget = Pick<CustomerBalanceRow, 'id' | 'loginUser' | 'userName' | 'companyId' | 'companyName'>;

/** A city added to the scope of a city-annual order. */
export interface PickedCity {
  code: string;
  name: string;
}

/** What the dialog edits; dates as the pickers keep them (yyyy-MM-dd), codes as select values. */
export interface AllocationFormValues extends Record<string, unknown> {
  productCode: string;
  buyModeCode: string;
  /** The province and city being picked for the scope (city-annual only); 确定 adds the city to `cities`. */
  province: string;
  city: string;
  cities: PickedCity[];
  count: string;
  orderPrice: string;
  effectiveDate: string;
  expireDate: string;
  remark: string;
}

/** POST api/tenant/customer-balance/order (JSON). */
export interface AllocationRequest {
  balanceId: number;
  companyId: number;
  companyName: string;
  loginUser: string;
  productCode: string;
  productName: string;
  buyModeCode: number;
  buyModeName: string;
  cityCodes: string[];
  /** The cities' names joined by '、'; empty means nationwide. */
  buyScope: string;
  count: number;
  orderPrice: string;
  /** yyyy/MM/dd */
  effectiveDate: string;
  /** yyyy/MM/dd */
  expireDate: string;
  remark: string;
}

export const REMARK_MAX = 200;
/** The earliest date the pickers offer, as they take it. */
export const EARLIEST_PICKER_DATE = FILTER_EARLIEST_DATE.replace(/\//g, '-');
/** What 已选城市 shows without a city. */
export const NATIONWIDE = '全国';

/** An empty dialog: the order starts today (the business day) and has no end yet. */
export function initialAllocationForm(today: string = businessToday()): AllocationFormValues {
  return {
    productCode: '',
    buyModeCode: '',
    province: '',
    city: '',
    cities: [],
    count: '',
    orderPrice: '',
    effectiveDate: today,
    expireDate: '',
    remark: '',
  };
}

/** Picking a product starts its mode and scope again: mode, province, city and the city list are emptied. */
export function productPicked(productCode: string): Partial<AllocationFormValues> {
  return { productCode, buyModeCode: '', province: '', city: '', cities: [] };
}

/** The count a buy mode starts with: the unit of the price list for modes 2, 3 and 4, when the list has one. */
export function prefilledCount(buyMode: number, prices: readonly PriceEntry[] | undefined): string | null {
  if (!PREFILLED_BUY_MODES.some((m) => m === buyMode)) return null;
  const entry = prices?.find((p) => p.buyMode === buyMode);
  return entry && entry.unit > 0 ? String(entry.unit) : null;
}

/** Picking a buy mode: the count prefilled from the price list where the mode has one, what was typed otherwise. */
export function buyModePicked(buyModeCode: string, prices: readonly PriceEntry[] | undefined): Partial<AllocationFormValues> {
  const count = prefilledCount(Number(buyModeCode), prices);
  return count === null ? { buyModeCode } : { buyModeCode, count };
}

/** The city list with one more city (a city already listed is not listed twice). */
export function addCity(cities: readonly PickedCity[], city: PickedCity): PickedCity[] {
  return cities.some((c) => c.code === city.code) ? [...cities] : [...cities, city];
}

export const isCityAnnual = (values: Pick<AllocationFormValues, 'buyModeCode'>) => Number(values.buyModeCode) === BuyMode.cityAnnual;

/** The label of the count: 估价次数 for valuation counts, 报告份数 for report products. */
export const countLabel = (productCode: string) => (productCode && productCode !== ProductCode.valuation ? '报告份数' : '估价次数');

/** What the shared allocation checks read: the cities only in the city-annual mode. */
export function allocationInput(target: AllocationTarget | null, values: AllocationFormValues): AllocationOrderInput {
  return {
    balanceId: target?.id,
    productCode: values.productCode,
    buyModeCode: values.buyModeCode,
    cityCodes: isCityAnnual(values) ? values.cities.map((c) => c.code) : [],
    count: values.count,
    orderPrice: values.orderPrice,
    effectiveDate: values.effectiveDate,
    expireDate: values.expireDate,
    remark: values.remark,
  };
}

/** The order as the API takes it: the checked values with the names of the product, mode and cities. */
export function allocationRequest(
  target: AllocationTarget,
  order: AllocationOrder,
  cities: readonly PickedCity[],
  products: readonly Product[] | undefined,
): AllocationRequest {
  const names = new Map(cities.map((c) => [c.code, c.name]));
  return {
    balanceId: target.id,
    companyId: target.companyId,
    companyName: target.companyName,
    loginUser: target.loginUser,
    productCode: order.productCode,
    productName: products?.find((p) => p.productCode === order.productCode)?.productName ?? productName(order.productCode) ?? '',
    buyModeCode: order.buyModeCode,
    buyModeName: BUY_MODE_NAMES[order.buyModeCode],
    cityCodes: order.cityCodes,
    buyScope: order.cityCodes.map((code) => names.get(code) ?? code).join('、'),
    count: order.count,
    orderPrice: order.orderPrice,
    effectiveDate: toFilterDate(order.effectiveDate) ?? order.effectiveDate,
    expireDate: toFilterDate(order.expireDate) ?? order.expireDate,
    remark: order.remark,
  };
}

/** What each date picker offers: the start from 2018/01/01 to the end date, the end from the start date (or 2018/01/01) on. */
export function allocationDateBounds(
  effectiveDate: string,
  expireDate: string,
): {
  effective: { min: string; max?: string };
  expire: { min: string };
} {
  return {
    effective: { min: EARLIEST_PICKER_DATE, max: expireDate || undefined },
    expire: { min: effectiveDate && effectiveDate > EARLIEST_PICKER_DATE ? effectiveDate : EARLIEST_PICKER_DATE },
  };
}
