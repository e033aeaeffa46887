import { balanceOrderListQuerySchema, customerBalanceListQuerySchema } from '@valuation/domain';
import { filterDefaults, filtersFromSearch, type FilterField } from '@valuation/ui';
import { balanceFields, balanceOrderQuery, customerBalanceQuery, orderFields } from './balance-filters';

const COMPANIES = [
  { id: 7, name: '星河置业' },
  { id: 9, name: '远景评估' },
];
const TODAY = '2026/03/08';
const defined = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));
const applied = (fields: readonly FilterField[], search: string) =>
  filtersFromSearch(fields, new URLSearchParams(search), filterDefaults(fields, TODAY));

describe('customer balance filters', () => {
  const fields = balanceFields(COMPANIES);

  it('send nothing by default and the type, company id, account and sort when chosen', () => {
    expect(defined(customerBalanceQuery(applied(fields, ''), null))).toEqual({});
    expect(
      defined(customerBalanceQuery(applied(fields, 'type=2&companyId=9&account=%20xinghe%20'), { field: 'universalCount', order: 'desc' })),
    ).toEqual({ type: 2, companyId: 9, account: 'xinghe', sortField: 'universalCount', sortOrder: 'desc' });
  });

  it('give a query the server schema reads back unchanged', () => {
    const q = {
      ...defined(customerBalanceQuery(applied(fields, 'type=1&companyId=7'), { field: 'inquiryCount', order: 'asc' })),
      pageIndex: 1,
      pageSize: 50,
    };
    expect(customerBalanceListQuerySchema.parse(q)).toMatchObject(q);
  });
});

describe('order record and balance detail filters', () => {
  const fields = orderFields(COMPANIES, true);

  it('start with the last three months and take the account and company of the route query', () => {
    expect(defined(balanceOrderQuery(applied(fields, 'account=xinghe01&companyId=7')))).toEqual({
      account: 'xinghe01',
      companyId: 7,
      beginDate: '2025/12/08',
      endDate: '2026/03/08',
    });
  });

  it('send the order state 0 (待生效) but neither source 0 nor account type 0 (all)', () => {
    expect(defined(balanceOrderQuery(applied(fields, 'state=0&from=0&type=0&beginDate=&endDate=')))).toEqual({ state: 0 });
    expect(defined(balanceOrderQuery(applied(fields, 'state=all&beginDate=&endDate=')))).toEqual({});
  });

  it('give a query the server schema reads back unchanged', () => {
    const q = {
      ...defined(balanceOrderQuery(applied(fields, 'orderNo=BO2026&productCode=000001&buyModeCode=6&state=0&from=2&type=1&companyId=9'))),
      pageIndex: 2,
      pageSize: 20,
    };
    expect(q).toMatchObject({ productCode: '000001', buyModeCode: 6, state: 0, from: 2, type: 1, companyId: 9 });
    expect(balanceOrderListQuerySchema.parse(q)).toMatchObject(q);
  });

  it('offer no source filter on the balance details', () => {
    expect(orderFields(COMPANIES, false).map((f) => f.key)).not.toContain('from');
    expect(fields.map((f) => f.key)).toContain('from');
  });
});
