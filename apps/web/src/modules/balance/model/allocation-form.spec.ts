import { allocationOrderSchema } from '@valuation/domain';
import {
  addCity,
  allocationDateBounds,
  allocationInput,
  allocationRequest,
  buyModePicked,
  countLabel,
  initialAllocationForm,
  prefilledCount,
  productPicked,
  type AllocationFormValues,
} from './allocation-form';

const TARGET = { id: 41, loginUser: 'xinghe01', userName: '王敏', companyId: 7, companyName: '星河置业' };
const PRICES = [
  { buyMode: 2, unit: 100, price: '0.00' },
  { buyMode: 3, unit: 500, price: '0.00' },
  { buyMode: 5, unit: 10, price: '8.00' },
];
const GUANGZHOU = { code: '440100', name: '广州市' };
const SHENZHEN = { code: '440300', name: '深圳市' };

const filled = (patch: Partial<AllocationFormValues>): AllocationFormValues => ({
  ...initialAllocationForm('2026-03-08'),
  productCode: '000001',
  buyModeCode: '6',
  cities: [GUANGZHOU, SHENZHEN],
  count: '1000',
  orderPrice: '12800.5',
  expireDate: '2027-03-07',
  remark: ' 年度合同 ',
  ...patch,
});

describe('the allocation form', () => {
  it('starts on the business day with nothing chosen', () => {
    expect(initialAllocationForm('2026-03-08')).toMatchObject({
      productCode: '',
      buyModeCode: '',
      cities: [],
      effectiveDate: '2026-03-08',
      expireDate: '',
    });
  });

  it('empties the mode, province, city and city list when a product is picked', () => {
    expect(productPicked('000002')).toEqual({ productCode: '000002', buyModeCode: '', province: '', city: '', cities: [] });
  });

  it('prefills the count from the price list for modes 2, 3 and 4 only, when the list has the mode', () => {
    expect(prefilledCount(2, PRICES)).toBe('100');
    expect(prefilledCount(3, PRICES)).toBe('500');
    expect(prefilledCount(4, PRICES)).toBeNull();
    expect(prefilledCount(5, PRICES)).toBeNull();
    expect(prefilledCount(2, undefined)).toBeNull();
    expect(buyModePicked('3', PRICES)).toEqual({ buyModeCode: '3', count: '500' });
    expect(buyModePicked('6', PRICES)).toEqual({ buyModeCode: '6' });
  });

  it('lists a city once', () => {
    expect(addCity([GUANGZHOU], SHENZHEN)).toEqual([GUANGZHOU, SHENZHEN]);
    expect(addCity([GUANGZHOU, SHENZHEN], GUANGZHOU)).toEqual([GUANGZHOU, SHENZHEN]);
  });

  it('names the count by product', () => {
    expect(countLabel('')).toBe('估价次数');
    expect(countLabel('000001')).toBe('估价次数');
    expect(countLabel('000003')).toBe('报告份数');
  });

  it('checks the cities only in the city-annual mode', () => {
    expect(allocationInput(TARGET, filled({ buyModeCode: '5' })).cityCodes).toEqual([]);
    expect(allocationInput(TARGET, filled({})).cityCodes).toEqual(['440100', '440300']);
  });

  it('sends the checked order with the names of the product, mode and cities and the dates as yyyy/MM/dd', () => {
    const values = filled({});
    const order = allocationOrderSchema.parse(allocationInput(TARGET, values));
    expect(allocationRequest(TARGET, order, values.cities, [{ productCode: '000001', productName: '估价次数' }])).toEqual({
      balanceId: 41,
      companyId: 7,
      companyName: '星河置业',
      loginUser: 'xinghe01',
      productCode: '000001',
      productName: '估价次数',
      buyModeCode: 6,
      buyModeName: '城市包年',
      cityCodes: ['440100', '440300'],
      buyScope: '广州市、深圳市',
      count: 1000,
      orderPrice: '12800.50',
      effectiveDate: '2026/03/08',
      expireDate: '2027/03/07',
      remark: '年度合同',
    });
  });

  it('sends a nationwide order with no cities and an empty scope', () => {
    const values = filled({ productCode: '000002', buyModeCode: '7', count: '20', orderPrice: '600' });
    const request = allocationRequest(TARGET, allocationOrderSchema.parse(allocationInput(TARGET, values)), values.cities, undefined);
    expect(request).toMatchObject({ productName: '咨询报告', buyModeName: '按份计价', cityCodes: [], buyScope: '', orderPrice: '600.00' });
  });

  it('bounds the start by the end and the end by the start, never before 2018/01/01', () => {
    expect(allocationDateBounds('2026-03-08', '')).toEqual({
      effective: { min: '2018-01-01', max: undefined },
      expire: { min: '2026-03-08' },
    });
    expect(allocationDateBounds('', '2026-12-31')).toEqual({
      effective: { min: '2018-01-01', max: '2026-12-31' },
      expire: { min: '2018-01-01' },
    });
  });
});
