import type { AccountRow } from '@valuation/contracts';
import { AccountMsg } from '@valuation/domain';
import { accountRequest, accountSchema, confirmErrors, initialAccountForm } from './account-form';
import { ACCOUNT_SIDES, accountFilters, accountListQuery, accountRouteId } from './account-sides';

describe('account sides', () => {
  it('sends the status in the API’s words and every organisation of the tree when none is chosen', () => {
    expect(accountListQuery({ state: 'enabled', loginUser: 'abc' }, [1, 2])).toEqual({
      loginUser: 'abc',
      status: 0,
      organizationIds: [1, 2],
    });
    expect(accountListQuery({ state: 'disabled', organizationIds: '3,4' }, [1, 2])).toEqual({ status: 1, organizationIds: [3, 4] });
    expect(accountListQuery({ customerCompanyName: '银行' }, [])).toEqual({ customerCompanyName: '银行' });
  });

  it('filters by the organisation tree on the organisation side and by company on the channel’s customer accounts', () => {
    const keys = (name: keyof typeof ACCOUNT_SIDES) => accountFilters(ACCOUNT_SIDES[name], []).map((f) => f.key);
    expect(keys('org')).toEqual(['loginUser', 'userName', 'organizationIds', 'roleId', 'state']);
    expect(keys('customer')).toEqual(['loginUser', 'userName', 'customerCompanyName', 'roleId', 'state']);
    expect(keys('staff')).toEqual(['loginUser', 'userName', 'roleId', 'state']);
    expect([ACCOUNT_SIDES.customer.pageSizes[0], ACCOUNT_SIDES.org.pageSizes[0]]).toEqual([20, 10]);
  });

  it('reads the assign route’s id', () => {
    expect(accountRouteId('12')).toBe(12);
    expect(accountRouteId('0')).toBeNull();
    expect(accountRouteId('add')).toBeNull();
    expect(accountRouteId(undefined)).toBeNull();
  });

  it('builds the add and edit requests the server’s schemas accept', () => {
    const add = { kind: 'add' } as const;
    const values = {
      ...initialAccountForm(add),
      loginUser: 'clerk_01',
      password: 'Secret_1',
      confirmPassword: 'Secret_1',
      userName: '张三',
    };
    const customer = ACCOUNT_SIDES.customer;
    expect(
      accountSchema(customer, add)
        .safeParse(accountRequest(customer, add, values))
        .error?.issues.map((i) => i.message),
    ).toEqual([AccountMsg.companyRequired]);
    expect(
      accountSchema(customer, add).parse(accountRequest(customer, add, { ...values, customerCompanyId: '5', userType: '2' })),
    ).toMatchObject({
      customerCompanyId: 5,
      userType: 2,
    });
    const row = { id: 9, loginUser: 'clerk_01', userName: '张三', expireDate: '2030-01-02' } as AccountRow;
    const edit = { kind: 'edit', row } as const;
    const staff = ACCOUNT_SIDES.staff;
    expect(initialAccountForm(edit).expireDate).toBe('2030/01/02');
    expect(accountSchema(staff, edit).parse(accountRequest(staff, edit, initialAccountForm(edit)))).toMatchObject({
      id: 9,
      expireDate: '2030-01-02',
      password: undefined,
    });
    expect(confirmErrors({ ...values, confirmPassword: 'other' })).toEqual({ confirmPassword: AccountMsg.passwordMismatch });
  });
});
