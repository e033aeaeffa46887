import {
  AccountMsg,
  accountRolesSchema,
  accountStatusSchema,
  channelAccountListQuerySchema,
  customerAccountAddSchema,
  customerAccountEditSchema,
  orgAccountAddSchema,
  orgAccountListQuerySchema,
  passwordConfirmError,
  staffAccountAddSchema,
} from './account.rules';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('account rules', () => {
  const valid = { organizationId: 3, loginUser: 'clerk_01', password: 'Secret_1', userName: ' 张三 ' };

  it('reads a valid organisation account, trimming names and keeping dates as yyyy-MM-dd', () => {
    expect(orgAccountAddSchema.parse({ ...valid, mobilePhone: '138 0000 0000，010-1', email: '', expireDate: '2030/01/31' })).toEqual({
      organizationId: 3,
      loginUser: 'clerk_01',
      password: 'Secret_1',
      userName: '张三',
      mobilePhone: '13800000000,010-1',
      email: null,
      expireDate: '2030-01-31',
    });
  });

  it('words every broken rule with the spec’s messages, in the form’s order', () => {
    expect(messages(orgAccountAddSchema.safeParse({}))).toEqual([
      AccountMsg.organizationRequired,
      AccountMsg.loginUserInvalid,
      AccountMsg.passwordRequired,
      AccountMsg.userNameRequired,
    ]);
    expect(
      messages(orgAccountAddSchema.safeParse({ ...valid, loginUser: '_abcdef', password: '12345', mobilePhone: '1,,2', email: 'a@b' })),
    ).toEqual([AccountMsg.loginUserInvalid, AccountMsg.passwordInvalid, AccountMsg.phoneInvalid, AccountMsg.emailInvalid]);
    expect(messages(orgAccountAddSchema.safeParse({ ...valid, expireDate: '2030/02/30' }))).toEqual([AccountMsg.expireDateInvalid]);
    expect(messages(customerAccountAddSchema.safeParse({ ...valid, userType: 3 }))).toEqual([
      AccountMsg.companyRequired,
      AccountMsg.userTypeInvalid,
    ]);
    expect(messages(staffAccountAddSchema.safeParse(valid))).toEqual([AccountMsg.expireDateRequired]);
  });

  it('keeps the password on edit when it is left empty', () => {
    expect(customerAccountEditSchema.parse({ id: 5, userName: '李四', password: '' }).password).toBeUndefined();
    expect(messages(customerAccountEditSchema.safeParse({ id: 5, userName: '李四', password: 'short' }))).toEqual([
      AccountMsg.passwordInvalid,
    ]);
    expect(passwordConfirmError('Secret_1', 'Secret_2')).toBe(AccountMsg.passwordMismatch);
    expect(passwordConfirmError('Secret_1', 'Secret_1')).toBeNull();
  });

  it('reads status changes, role lists and list filters as forms send them', () => {
    expect(accountStatusSchema.parse({ userId: '7', status: '1', accountKind: 'c' })).toEqual({ userId: 7, status: 1, accountKind: 'c' });
    expect(messages(accountStatusSchema.safeParse({ userId: 7, status: '2' }))).toEqual([AccountMsg.statusInvalid]);
    expect(accountRolesSchema.parse({ userId: 7, roleIds: '3,2,3' }).roleIds).toEqual([2, 3]);
    expect(accountRolesSchema.parse({ userId: 7, roleIds: ['4', '1'] }).roleIds).toEqual([1, 4]);
    expect(messages(accountRolesSchema.safeParse({ userId: 7, roleIds: '' }))).toEqual([AccountMsg.rolesRequired]);
    expect(orgAccountListQuerySchema.parse({ organizationIds: ['1', '2,3'], status: '0' })).toMatchObject({
      organizationIds: [1, 2, 3],
      status: 0,
    });
    expect(messages(orgAccountListQuerySchema.safeParse({}))).toEqual([AccountMsg.organizationRequired]);
    expect(channelAccountListQuerySchema.parse({ lastDate: '2030/01/02', status: '' })).toMatchObject({
      lastDate: '2030-01-02',
      pageSize: 20,
    });
  });
});
