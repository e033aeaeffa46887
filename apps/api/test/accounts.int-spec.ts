import { IsNull } from 'typeorm';
import { AccountMsg, addDays, businessToday, cannotAssignMessage, ListMsg, Msg, type Population } from '@valuation/domain';
import {
  AccountEntity,
  AccountRoleEntity,
  OperationLogEntity,
  OrganizationEntity,
  RoleEntity,
  RolePermissionEntity,
  TenantStaffEntity,
  TenantStaffRoleEntity,
} from '@valuation/persistence';
import { startTestApi, type TestApi } from './test-api';

const PASSWORD = 'Secret_123';

describe('accounts', () => {
  let t: TestApi;
  const tokens: Record<string, string> = {};
  let company: OrganizationEntity;
  let branchA: OrganizationEntity;
  let branchB: OrganizationEntity;
  let otherCompany: OrganizationEntity;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, token: string, query: Record<string, unknown> = {}) =>
    t
      .http()
      .get(path)
      .query({ timestamp: Date.now(), ...query })
      .set(auth(token));
  const post = (path: string, token: string, body: Record<string, unknown>) => t.http().post(path).set(auth(token)).send(body);
  const postForm = (path: string, token: string, body: Record<string, string | number>) =>
    t.http().post(path).set(auth(token)).type('form').send(body);
  const account = (loginUser: string) => t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser });
  const staff = (loginUser: string) => t.ds.getRepository(TenantStaffEntity).findOneByOrFail({ loginUser });
  const logsOf = (type: string, id: number) =>
    t.ds.getRepository(OperationLogEntity).find({ where: { targetType: type, targetId: String(id) }, order: { id: 'ASC' } });
  const roleByCode = (tenantId: number, kind: string, code: string) =>
    t.ds.getRepository(RoleEntity).findOneByOrFail({ tenantId, kind, code });
  /** A login attempt's answer (the helper of the test API throws on failure). */
  const tryLogin = async (pop: Population, userName: string, password = PASSWORD) => {
    const { identity, answer } = await t.captcha(pop);
    return t
      .http()
      .post(pop === 'user' ? '/api/login/' : '/api/tenant/login')
      .type('form')
      .send({ userName, password, captcha: answer, identity });
  };
  /** A customer role of the demo company with exactly these permissions, given to nobody. */
  const customerRole = async (name: string, permissions: number[], companyId: number | null = company.id) => {
    const role = await t.ds.getRepository(RoleEntity).save({
      tenantId: t.demoTenantId,
      kind: 'customer',
      companyId,
      code: String(5000 + Math.floor(Math.random() * 4000)),
      name,
      remark: null,
      createdBy: null,
      createdName: '测试',
      updatedBy: null,
      updatedName: '测试',
    });
    await t.ds.getRepository(RolePermissionEntity).insert(permissions.map((permissionId) => ({ roleId: role.id, permissionId })));
    return role;
  };
  const orgList = (token: string, query: Record<string, unknown>) => get('/api/auth/user/list', token, query);
  const logins = (res: { body: { data: { list: { loginUser: string }[] } } }) => res.body.data.list.map((r) => r.loginUser).sort();

  beforeAll(async () => {
    t = await startTestApi();
    for (const login of ['demoadmin', 'demouser', 'otheradmin']) tokens[login] = await t.login('user', login);
    for (const login of ['channeladmin', 'appraiser1', 'otherchannel']) tokens[login] = await t.login('tenant', login);
    const orgs = t.ds.getRepository(OrganizationEntity);
    company = await orgs.findOneByOrFail({ tenantId: t.demoTenantId, parentId: IsNull() });
    branchA = await orgs.findOneByOrFail({ tenantId: t.demoTenantId, name: '朝阳支行' });
    branchB = await orgs.findOneByOrFail({ tenantId: t.demoTenantId, name: '海淀支行' });
    otherCompany = await orgs.findOneByOrFail({ tenantId: t.otherTenantId, parentId: IsNull() });
  });
  afterAll(() => t.close());

  describe('organisation side', () => {
    it('lists the accounts of the chosen organisations with their organisation and roles, filtered', async () => {
      const res = await orgList(tokens.demoadmin, { organizationIds: [company.id, branchA.id, branchB.id], pageSize: 10 }).expect(200);
      expect(res.body.data).toMatchObject({ total: 3, pages: 1, pageNum: 1 });
      const user = res.body.data.list.find((r: { loginUser: string }) => r.loginUser === 'demouser');
      expect(user).toMatchObject({
        userName: '演示用户',
        organizationId: branchA.id,
        organizationName: '朝阳支行',
        customerCompanyName: company.name,
        roleNames: '估价用户',
        status: 0,
        expireDate: null,
        createdTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
      expect(logins(await orgList(tokens.demoadmin, { organizationIds: branchA.id }).expect(200))).toEqual(['demouser']);
      expect(logins(await orgList(tokens.demoadmin, { organizationIds: `${branchA.id},${branchB.id}` }).expect(200))).toEqual([
        'demorent',
        'demouser',
      ]);
      const all = [company.id, branchA.id, branchB.id];
      expect(logins(await orgList(tokens.demoadmin, { organizationIds: all, loginUser: 'RENT' }).expect(200))).toEqual(['demorent']);
      expect(logins(await orgList(tokens.demoadmin, { organizationIds: all, userName: '管理' }).expect(200))).toEqual(['demoadmin']);
      const valuer = await roleByCode(t.demoTenantId, 'customer', '1002');
      expect(logins(await orgList(tokens.demoadmin, { organizationIds: all, roleId: valuer.id }).expect(200))).toEqual(['demouser']);
      expect(logins(await orgList(tokens.demoadmin, { organizationIds: all, status: 1 }).expect(200))).toEqual([]);
      expect((await orgList(tokens.demoadmin, { organizationIds: all, status: 0 }).expect(200)).body.data.total).toBe(3);

      for (const [query, message] of [
        [{}, AccountMsg.organizationRequired],
        [{ organizationIds: '' }, AccountMsg.organizationRequired],
        [{ organizationIds: 'x' }, AccountMsg.organizationNotFound],
        [{ organizationIds: company.id, status: 2 }, AccountMsg.statusInvalid],
        [{ organizationIds: company.id, pageSize: 20 }, '每页条数只能为10、50、100、200'],
        [{ organizationIds: company.id, loginUser: 'x'.repeat(19) }, ListMsg.textTooLong],
      ] as const) {
        expect((await orgList(tokens.demoadmin, query).expect(400)).body.message).toBe(message);
      }
      expect((await orgList(tokens.demoadmin, { organizationIds: [company.id, otherCompany.id] }).expect(404)).body.message).toBe(
        AccountMsg.organizationNotFound,
      );
      expect((await orgList(tokens.demouser, { organizationIds: branchA.id }).expect(403)).body.message).toBe(Msg.forbidden);
      expect((await orgList(tokens.otheradmin, { organizationIds: company.id }).expect(404)).body.message).toBe(
        AccountMsg.organizationNotFound,
      );
    });

    it('refuses each invalid field of the form with its message', async () => {
      const valid = { organizationId: branchA.id, loginUser: 'valid_user', password: PASSWORD, userName: '张三' };
      for (const [patch, message] of [
        [{ organizationId: undefined }, AccountMsg.organizationRequired],
        [{ loginUser: '1abcdef' }, AccountMsg.loginUserInvalid],
        [{ loginUser: 'abc' }, AccountMsg.loginUserInvalid],
        [{ loginUser: 'a'.repeat(19) }, AccountMsg.loginUserInvalid],
        [{ password: '' }, AccountMsg.passwordRequired],
        [{ password: '12345' }, AccountMsg.passwordInvalid],
        [{ userName: ' ' }, AccountMsg.userNameRequired],
        [{ userName: '名'.repeat(21) }, AccountMsg.userNameTooLong],
        [{ mobilePhone: '138abc' }, AccountMsg.phoneInvalid],
        [{ mobilePhone: '1'.repeat(101) }, AccountMsg.phoneInvalid],
        [{ email: 'not-mail' }, AccountMsg.emailInvalid],
        [{ expireDate: '2026/02/30' }, AccountMsg.expireDateInvalid],
      ] as const) {
        const res = await post('/api/auth/user/add', tokens.demoadmin, { ...valid, ...patch }).expect(400);
        expect(res.body.message).toBe(message);
      }
    });

    let created: AccountEntity;

    it('creates an account of an organisation in range that logs in, and logs the creation without the password', async () => {
      const res = await post('/api/auth/user/add', tokens.demoadmin, {
        organizationId: branchA.id,
        loginUser: 'branch_clerk',
        password: PASSWORD,
        userName: ' 柜员甲 ',
        mobilePhone: '13811112222，010-6000',
        email: 'clerk@bank.example.com',
        expireDate: '2099/12/31',
      }).expect(200);
      expect(res.body).toMatchObject({ code: 200, message: AccountMsg.added, data: { id: expect.any(Number) } });
      created = await account('branch_clerk');
      expect(created).toMatchObject({
        id: res.body.data.id,
        tenantId: t.demoTenantId,
        organizationId: branchA.id,
        companyId: company.id,
        userType: 1,
        userName: '柜员甲',
        mobilePhone: '13811112222,010-6000',
        expireDate: '2099-12-31',
        status: 0,
      });
      expect(created.passwordHash).not.toContain(PASSWORD);
      const [log] = await logsOf('account', created.id);
      expect(log).toMatchObject({ action: '新增账号', actorId: (await account('demoadmin')).id });
      expect(log.changes.before).toEqual({});
      expect(log.changes.after).toMatchObject({
        loginUser: 'branch_clerk',
        userName: '柜员甲',
        organizationName: '朝阳支行',
        password: '******',
      });
      expect(JSON.stringify(log)).not.toContain(PASSWORD);
      expect(JSON.stringify(log)).not.toContain(created.passwordHash);
      await t.login('user', 'branch_clerk', PASSWORD);
    });

    it('refuses a login name taken anywhere on the platform, a mobile phone taken in the tenant, and organisations out of range', async () => {
      const base = { organizationId: branchA.id, password: PASSWORD, userName: '重复' };
      for (const loginUser of ['branch_clerk', 'BRANCH_CLERK', 'channeladmin', 'otheradmin']) {
        expect((await post('/api/auth/user/add', tokens.demoadmin, { ...base, loginUser }).expect(409)).body.message).toBe(
          AccountMsg.loginTaken,
        );
      }
      const demouser = await account('demouser');
      expect(
        (
          await post('/api/auth/user/add', tokens.demoadmin, {
            ...base,
            loginUser: 'phone_twin',
            mobilePhone: demouser.mobilePhone,
          }).expect(409)
        ).body.message,
      ).toBe(AccountMsg.mobileTaken);
      const foreign = await account('otheruser');
      await post('/api/auth/user/add', tokens.demoadmin, { ...base, loginUser: 'phone_other', mobilePhone: foreign.mobilePhone }).expect(
        200,
      );
      expect(
        (
          await post('/api/auth/user/add', tokens.demoadmin, { ...base, loginUser: 'foreign_org', organizationId: otherCompany.id }).expect(
            404,
          )
        ).body.message,
      ).toBe(AccountMsg.organizationNotFound);
      expect((await post('/api/auth/user/add', tokens.demouser, { ...base, loginUser: 'no_permission' }).expect(403)).body.message).toBe(
        Msg.forbidden,
      );
    });

    it('edits an account in range, a new password ending its sessions, and logs the fields changed', async () => {
      const session = await t.login('user', 'branch_clerk', PASSWORD);
      const res = await post('/api/auth/user/edit', tokens.demoadmin, {
        id: created.id,
        userName: '柜员乙',
        mobilePhone: '',
        email: 'clerk2@bank.example.com',
        expireDate: '',
        loginUser: 'ignored_name',
        organizationId: branchB.id,
      }).expect(200);
      expect(res.body).toMatchObject({
        message: AccountMsg.edited,
        data: { loginUser: 'branch_clerk', userName: '柜员乙', mobilePhone: '', expireDate: null, organizationId: branchA.id },
      });
      await get('/api/auth/user/login-user', session).expect(200);
      let logs = await logsOf('account', created.id);
      expect(logs.at(-1)).toMatchObject({
        action: '编辑账号',
        changes: {
          before: { userName: '柜员甲', mobilePhone: '13811112222,010-6000', email: 'clerk@bank.example.com', expireDate: '2099-12-31' },
          after: { userName: '柜员乙', mobilePhone: null, email: 'clerk2@bank.example.com', expireDate: null },
        },
      });

      // The edit sends the whole form: fields left out are emptied.
      await post('/api/auth/user/edit', tokens.demoadmin, {
        id: created.id,
        userName: '柜员乙',
        email: 'clerk2@bank.example.com',
        password: 'Other_456',
      }).expect(200);
      expect((await get('/api/auth/user/login-user', session)).status).toBe(401);
      logs = await logsOf('account', created.id);
      expect(logs.at(-1)?.changes).toEqual({ before: { password: '******' }, after: { password: '******' } });
      await t.login('user', 'branch_clerk', 'Other_456');
      await post('/api/auth/user/edit', tokens.demoadmin, { id: created.id, userName: '柜员乙', password: PASSWORD }).expect(200);

      expect((await post('/api/auth/user/edit', tokens.demoadmin, { id: created.id, userName: '' }).expect(400)).body.message).toBe(
        AccountMsg.userNameRequired,
      );
      const foreign = await account('otheruser');
      expect((await post('/api/auth/user/edit', tokens.demoadmin, { id: foreign.id, userName: '外人' }).expect(404)).body.message).toBe(
        AccountMsg.notFound,
      );
      expect((await post('/api/auth/user/edit', tokens.otheradmin, { id: created.id, userName: '外人' }).expect(404)).body.message).toBe(
        AccountMsg.notFound,
      );
      const demouser = await account('demouser');
      expect(
        (
          await post('/api/auth/user/edit', tokens.demoadmin, {
            id: created.id,
            userName: '柜员乙',
            mobilePhone: demouser.mobilePhone,
          }).expect(409)
        ).body.message,
      ).toBe(AccountMsg.mobileTaken);
    });

    it('refuses logins after the expiry day and allows them on it', async () => {
      const yesterday = addDays(businessToday(), -1).replace(/-/g, '/');
      await post('/api/auth/user/edit', tokens.demoadmin, { id: created.id, userName: '柜员乙', expireDate: yesterday }).expect(200);
      const refused = await tryLogin('user', 'branch_clerk');
      expect(refused.body).toMatchObject({ code: 403, message: Msg.accountExpired });
      await post('/api/auth/user/edit', tokens.demoadmin, { id: created.id, userName: '柜员乙', expireDate: businessToday() }).expect(200);
      await t.login('user', 'branch_clerk', PASSWORD);
    });

    it('disables an account, ending its sessions at once and keeping its data, and enables it again', async () => {
      const session = await t.login('user', 'branch_clerk', PASSWORD);
      const res = await postForm('/api/auth/user/changeStatus', tokens.demoadmin, { userId: created.id, status: 1 }).expect(200);
      expect(res.body).toMatchObject({ code: 200, message: AccountMsg.disabled, data: null });
      expect((await get('/api/auth/user/login-user', session)).status).toBe(401);
      expect((await tryLogin('user', 'branch_clerk')).body).toMatchObject({ code: 403, message: Msg.accountDisabled });
      expect(await account('branch_clerk')).toMatchObject({ status: 1, userName: '柜员乙' });
      expect(logins(await orgList(tokens.demoadmin, { organizationIds: branchA.id, status: 1 }).expect(200))).toEqual(['branch_clerk']);

      await postForm('/api/auth/user/changeStatus', tokens.demoadmin, { userId: created.id, status: 0 }).expect(200);
      await t.login('user', 'branch_clerk', PASSWORD);
      const logs = (await logsOf('account', created.id)).slice(-2);
      expect(logs.map((l) => [l.action, l.changes])).toEqual([
        ['禁用账号', { before: { status: '启用' }, after: { status: '禁用' } }],
        ['启用账号', { before: { status: '禁用' }, after: { status: '启用' } }],
      ]);

      const admin = await account('demoadmin');
      expect(
        (await postForm('/api/auth/user/changeStatus', tokens.demoadmin, { userId: admin.id, status: 1 }).expect(403)).body.message,
      ).toBe(AccountMsg.cannotDisableSelf);
      expect(
        (await postForm('/api/auth/user/changeStatus', tokens.demoadmin, { userId: created.id, status: 3 }).expect(400)).body.message,
      ).toBe(AccountMsg.statusInvalid);
      expect(
        (await postForm('/api/auth/user/changeStatus', tokens.otheradmin, { userId: created.id, status: 1 }).expect(404)).body.message,
      ).toBe(AccountMsg.notFound);
      expect(
        (await postForm('/api/auth/user/changeStatus', tokens.demouser, { userId: created.id, status: 1 }).expect(403)).body.message,
      ).toBe(Msg.forbidden);
    });

    it("assigns the company's roles, keeps the tenant-wide roles the channel gave and logs the change", async () => {
      const valuer = await roleByCode(t.demoTenantId, 'customer', '1002');
      const rent = await roleByCode(t.demoTenantId, 'customer', '1003');
      const tenantWide = await customerRole('渠道通用', [1], null);
      await t.ds.getRepository(AccountRoleEntity).insert({ accountId: created.id, roleId: tenantWide.id });

      const detail = (await get('/api/auth/user/infoDetail', tokens.demoadmin, { userId: created.id }).expect(200)).body.data;
      expect(detail.assignable.map((r: { name: string }) => r.name)).toEqual(['机构管理员', '估价用户', '租金估价用户']);
      expect(detail.roleList).toEqual([{ id: tenantWide.id, name: '渠道通用' }]);

      const res = await postForm('/api/auth/user/distributionRole', tokens.demoadmin, {
        userId: created.id,
        roleIds: `${valuer.id},${rent.id}`,
      }).expect(200);
      expect(res.body.message).toBe(AccountMsg.assigned);
      await postForm('/api/auth/user/distributionRole', tokens.demoadmin, { userId: created.id, roleIds: String(rent.id) }).expect(200);
      const held = (await t.ds.getRepository(AccountRoleEntity).findBy({ accountId: created.id }))
        .map((r) => r.roleId)
        .sort((a, b) => a - b);
      expect(held).toEqual([rent.id, tenantWide.id].sort((a, b) => a - b));
      const log = (await logsOf('account', created.id)).at(-1);
      expect(log).toMatchObject({
        action: '账号分配角色',
        changes: { before: { roles: ['估价用户', '租金估价用户', '渠道通用'] }, after: { roles: ['租金估价用户', '渠道通用'] } },
      });

      for (const [body, status, message] of [
        [{ userId: created.id, roleIds: '' }, 400, AccountMsg.rolesRequired],
        [{ userId: created.id, roleIds: String(tenantWide.id) }, 404, AccountMsg.roleNotFound],
        [{ userId: created.id, roleIds: String((await roleByCode(t.otherTenantId, 'customer', '1002')).id) }, 404, AccountMsg.roleNotFound],
        [{ userId: (await account('demoadmin')).id, roleIds: String(valuer.id) }, 403, AccountMsg.cannotAssignSelf],
        [{ userId: (await account('otheruser')).id, roleIds: String(valuer.id) }, 404, AccountMsg.notFound],
      ] as const) {
        expect((await postForm('/api/auth/user/distributionRole', tokens.demoadmin, body).expect(status)).body.message).toBe(message);
      }
      expect(
        (await postForm('/api/auth/user/distributionRole', tokens.demouser, { userId: created.id, roleIds: String(valuer.id) }).expect(403))
          .body.message,
      ).toBe(Msg.forbidden);
    });

    it('keeps a limited administrator to its data range and to roles whose permissions it holds', async () => {
      // 11, 46-49 and 50 (own organisation only), plus quick valuation (1).
      const limited = await customerRole('支行管理员', [11, 46, 47, 48, 49, 50, 1]);
      const quick = await customerRole('快速估价', [1]);
      const manager = await post('/api/auth/user/add', tokens.demoadmin, {
        organizationId: branchB.id,
        loginUser: 'branch_manager',
        password: PASSWORD,
        userName: '支行经理',
      }).expect(200);
      await t.ds.getRepository(AccountRoleEntity).insert({ accountId: manager.body.data.id, roleId: limited.id });
      const token = await t.login('user', 'branch_manager', PASSWORD);

      expect(logins(await orgList(token, { organizationIds: branchB.id }).expect(200))).toEqual(['branch_manager', 'demorent']);
      expect((await orgList(token, { organizationIds: company.id }).expect(404)).body.message).toBe(AccountMsg.organizationNotFound);
      expect((await orgList(token, { organizationIds: branchA.id }).expect(404)).body.message).toBe(AccountMsg.organizationNotFound);
      expect((await get('/api/auth/user/infoDetail', token, { userId: created.id }).expect(404)).body.message).toBe(AccountMsg.notFound);
      expect((await post('/api/auth/user/edit', token, { id: created.id, userName: '越权' }).expect(404)).body.message).toBe(
        AccountMsg.notFound,
      );
      expect(
        (
          await post('/api/auth/user/add', token, {
            organizationId: branchA.id,
            loginUser: 'out_of_range',
            password: PASSWORD,
            userName: '越权',
          }).expect(404)
        ).body.message,
      ).toBe(AccountMsg.organizationNotFound);
      const tree = (await get('/api/auth/org/findMOrgs', token).expect(200)).body.data;
      expect(tree.map((n: { id: number }) => n.id)).toEqual([branchB.id]);

      const renter = await account('demorent');
      const valuer = await roleByCode(t.demoTenantId, 'customer', '1002');
      expect(
        (await postForm('/api/auth/user/distributionRole', token, { userId: renter.id, roleIds: `${valuer.id},${quick.id}` }).expect(403))
          .body.message,
      ).toBe(cannotAssignMessage(['估价用户']));
      await postForm('/api/auth/user/distributionRole', token, { userId: renter.id, roleIds: `${quick.id}` }).expect(200);
      expect(
        (await postForm('/api/auth/user/distributionRole', token, { userId: manager.body.data.id, roleIds: `${quick.id}` }).expect(403))
          .body.message,
      ).toBe(AccountMsg.cannotAssignSelf);

      // Without 50 or 51 the range is the account itself.
      await t.ds.getRepository(RolePermissionEntity).delete({ roleId: limited.id, permissionId: 50 });
      expect(logins(await orgList(token, { organizationIds: branchB.id }).expect(200))).toEqual(['branch_manager']);
    });
  });

  describe('channel side', () => {
    it('lists the customer accounts of every company of the tenant, filtered', async () => {
      const res = await get('/api/tenant/auth/user/c/list', tokens.channeladmin).expect(200);
      expect(res.body.data).toMatchObject({ pageNum: 1 });
      expect(logins(res)).toEqual(expect.arrayContaining(['demoadmin', 'demouser', 'branch_clerk']));
      expect(logins(res)).not.toContain('otheruser');
      const row = res.body.data.list.find((r: { loginUser: string }) => r.loginUser === 'demoadmin');
      expect(row).toMatchObject({ customerCompanyName: company.name, roleNames: '机构管理员', userType: 1 });
      expect(
        (await get('/api/tenant/auth/user/c/list', tokens.channeladmin, { customerCompanyName: '不存在' }).expect(200)).body.data.total,
      ).toBe(0);
      expect(
        logins(
          await get('/api/tenant/auth/user/c/list', tokens.channeladmin, {
            customerCompanyName: company.name.slice(0, 2),
            loginUser: 'demoadmin',
          }).expect(200),
        ),
      ).toEqual(['demoadmin']);
      expect(logins(await get('/api/tenant/auth/user/c/list', tokens.channeladmin, { lastDate: '2018/01/01' }).expect(200))).toEqual([]);
      expect((await get('/api/tenant/auth/user/c/list', tokens.channeladmin, { pageSize: 10 }).expect(400)).body.message).toBe(
        '每页条数只能为20、50、100、200',
      );
      expect((await get('/api/tenant/auth/user/c/list', tokens.channeladmin, { lastDate: '2018-13-01' }).expect(400)).body.message).toBe(
        ListMsg.dateInvalid,
      );
      expect((await get('/api/tenant/auth/user/c/list', tokens.appraiser1).expect(403)).body.message).toBe(Msg.forbidden);
      expect(logins(await get('/api/tenant/auth/user/c/list', tokens.otherchannel).expect(200))).not.toContain('demoadmin');
    });

    let customer: AccountEntity;

    it('creates a personal customer account of a company that logs in on the ordinary login', async () => {
      const base = { loginUser: 'personal_one', password: PASSWORD, userName: '个人客户' };
      expect((await post('/api/tenant/auth/user/c/add', tokens.channeladmin, base).expect(400)).body.message).toBe(
        AccountMsg.companyRequired,
      );
      expect(
        (
          await post('/api/tenant/auth/user/c/add', tokens.channeladmin, { ...base, customerCompanyId: company.id, userType: 3 }).expect(
            400,
          )
        ).body.message,
      ).toBe(AccountMsg.userTypeInvalid);
      expect(
        (await post('/api/tenant/auth/user/c/add', tokens.channeladmin, { ...base, customerCompanyId: otherCompany.id }).expect(404)).body
          .message,
      ).toBe(AccountMsg.companyNotFound);
      expect(
        (await post('/api/tenant/auth/user/c/add', tokens.channeladmin, { ...base, customerCompanyId: branchA.id }).expect(404)).body
          .message,
      ).toBe(AccountMsg.companyNotFound);
      const res = await post('/api/tenant/auth/user/c/add', tokens.channeladmin, {
        ...base,
        customerCompanyId: company.id,
        userType: 2,
      }).expect(200);
      customer = await account('personal_one');
      expect(customer).toMatchObject({
        id: res.body.data.id,
        companyId: company.id,
        organizationId: company.id,
        userType: 2,
        createdBy: (await staff('channeladmin')).id,
      });
      const [log] = await logsOf('account', customer.id);
      expect(log).toMatchObject({ action: '新增客户账号', population: 'tenant' });
      expect(log.changes.after).toMatchObject({ loginUser: 'personal_one', userType: '个人', password: '******' });
      await t.login('user', 'personal_one', PASSWORD);
      expect(
        (await post('/api/tenant/auth/user/c/add', tokens.appraiser1, { ...base, customerCompanyId: company.id }).expect(403)).body.message,
      ).toBe(Msg.forbidden);
    });

    it('edits a customer account with its company fixed, and 404 for another tenant', async () => {
      const res = await post('/api/tenant/auth/user/c/edit', tokens.channeladmin, {
        id: customer.id,
        userName: '个人客户二',
        customerCompanyId: otherCompany.id,
        email: 'p@example.com',
      }).expect(200);
      expect(res.body.data).toMatchObject({ userName: '个人客户二', customerCompanyId: company.id, email: 'p@example.com' });
      expect((await logsOf('account', customer.id)).at(-1)).toMatchObject({
        action: '编辑客户账号',
        changes: { before: { userName: '个人客户', email: null }, after: { userName: '个人客户二', email: 'p@example.com' } },
      });
      expect(
        (await post('/api/tenant/auth/user/c/edit', tokens.otherchannel, { id: customer.id, userName: '外人' }).expect(404)).body.message,
      ).toBe(AccountMsg.notFound);
    });

    it("assigns tenant-wide customer roles and the account company's roles", async () => {
      const tenantWide = await customerRole('渠道客户角色', [1, 2], null);
      const valuer = await roleByCode(t.demoTenantId, 'customer', '1002');
      const detail = (
        await get('/api/tenant/auth/user/infoDetail', tokens.channeladmin, { userId: customer.id, accountKind: 'c' }).expect(200)
      ).body.data;
      expect(detail.assignable.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([tenantWide.id, valuer.id]));
      const res = await postForm('/api/tenant/auth/user/distributionRole', tokens.channeladmin, {
        userId: customer.id,
        roleIds: `${tenantWide.id},${valuer.id}`,
        accountKind: 'c',
      }).expect(200);
      expect(res.body.message).toBe(AccountMsg.assigned);
      expect((await logsOf('account', customer.id)).at(-1)).toMatchObject({
        action: '客户账号分配角色',
        changes: { before: { roles: [] }, after: { roles: expect.arrayContaining(['渠道客户角色', '估价用户']) } },
      });
      const otherRole = await roleByCode(t.otherTenantId, 'customer', '1002');
      expect(
        (
          await postForm('/api/tenant/auth/user/distributionRole', tokens.channeladmin, {
            userId: customer.id,
            roleIds: otherRole.id,
            accountKind: 'c',
          }).expect(404)
        ).body.message,
      ).toBe(AccountMsg.roleNotFound);
      expect(
        (
          await postForm('/api/tenant/auth/user/distributionRole', tokens.otherchannel, {
            userId: customer.id,
            roleIds: otherRole.id,
            accountKind: 'c',
          }).expect(404)
        ).body.message,
      ).toBe(AccountMsg.notFound);
      expect(
        (
          await postForm('/api/tenant/auth/user/distributionRole', tokens.channeladmin, { userId: customer.id, roleIds: valuer.id }).expect(
            400,
          )
        ).body.message,
      ).toBe(AccountMsg.accountKindInvalid);
      expect(
        (
          await postForm('/api/tenant/auth/user/distributionRole', tokens.appraiser1, {
            userId: customer.id,
            roleIds: valuer.id,
            accountKind: 'c',
          }).expect(403)
        ).body.message,
      ).toBe(Msg.forbidden);
    });

    it('disables a customer account from the channel: its session ends and it cannot log in', async () => {
      const session = await t.login('user', 'personal_one', PASSWORD);
      await postForm('/api/tenant/auth/user/changeStatus', tokens.channeladmin, {
        userId: customer.id,
        status: 1,
        accountKind: 'c',
      }).expect(200);
      expect((await get('/api/auth/user/login-user', session)).status).toBe(401);
      expect((await tryLogin('user', 'personal_one')).body).toMatchObject({ code: 403, message: Msg.accountDisabled });
      expect((await logsOf('account', customer.id)).at(-1)).toMatchObject({ action: '禁用客户账号' });
      expect(
        (
          await postForm('/api/tenant/auth/user/changeStatus', tokens.otherchannel, {
            userId: customer.id,
            status: 0,
            accountKind: 'c',
          }).expect(404)
        ).body.message,
      ).toBe(AccountMsg.notFound);
    });

    let member: TenantStaffEntity;

    it('creates, lists and edits staff accounts with a required expiry date', async () => {
      const base = { loginUser: 'staff_two', password: PASSWORD, userName: '员工二', mobilePhone: '13900001111' };
      expect((await post('/api/tenant/auth/user/t/add', tokens.channeladmin, base).expect(400)).body.message).toBe(
        AccountMsg.expireDateRequired,
      );
      expect(
        (
          await post('/api/tenant/auth/user/t/add', tokens.channeladmin, {
            ...base,
            loginUser: 'demouser',
            expireDate: '2099/01/01',
          }).expect(409)
        ).body.message,
      ).toBe(AccountMsg.loginTaken);
      const res = await post('/api/tenant/auth/user/t/add', tokens.channeladmin, { ...base, expireDate: '2099/01/01' }).expect(200);
      member = await staff('staff_two');
      expect(member).toMatchObject({ id: res.body.data.id, tenantId: t.demoTenantId, expireDate: '2099-01-01' });
      expect((await logsOf('tenant_staff', member.id))[0]).toMatchObject({ action: '新增员工账号' });
      await t.login('tenant', 'staff_two', PASSWORD);

      const list = await get('/api/tenant/auth/user/t/list', tokens.channeladmin).expect(200);
      expect(logins(list)).toEqual(['appraiser1', 'channeladmin', 'staff_two']);
      expect(list.body.data.list.find((r: { loginUser: string }) => r.loginUser === 'appraiser1')).toMatchObject({
        roleNames: '估价师',
        userType: null,
        organizationId: null,
      });
      expect(logins(await get('/api/tenant/auth/user/t/list', tokens.channeladmin, { lastDate: '2099/01/01' }).expect(200))).toEqual([
        'staff_two',
      ]);
      expect((await get('/api/tenant/auth/user/t/list', tokens.appraiser1).expect(403)).body.message).toBe(Msg.forbidden);
      expect(logins(await get('/api/tenant/auth/user/t/list', tokens.otherchannel).expect(200))).not.toContain('staff_two');

      expect(
        (await post('/api/tenant/auth/user/t/edit', tokens.channeladmin, { id: member.id, userName: '员工二' }).expect(400)).body.message,
      ).toBe(AccountMsg.expireDateRequired);
      await post('/api/tenant/auth/user/t/edit', tokens.channeladmin, {
        id: member.id,
        userName: '员工贰',
        expireDate: '2098/01/01',
      }).expect(200);
      expect((await logsOf('tenant_staff', member.id)).at(-1)).toMatchObject({
        action: '编辑员工账号',
        changes: { before: { userName: '员工二', expireDate: '2099-01-01' }, after: { userName: '员工贰', expireDate: '2098-01-01' } },
      });
      expect(
        (
          await post('/api/tenant/auth/user/t/edit', tokens.otherchannel, {
            id: member.id,
            userName: 'x',
            expireDate: '2098/01/01',
          }).expect(404)
        ).body.message,
      ).toBe(AccountMsg.notFound);
    });

    it('assigns staff roles, disables and enables a staff account, and never the caller itself', async () => {
      const appraiserRole = await roleByCode(t.demoTenantId, 'tenant', '2002');
      await postForm('/api/tenant/auth/user/distributionRole', tokens.channeladmin, {
        userId: member.id,
        roleIds: appraiserRole.id,
        accountKind: 't',
      }).expect(403);
      const channelRole = await roleByCode(t.demoTenantId, 'tenant', '2001');
      await postForm('/api/tenant/auth/user/distributionRole', tokens.channeladmin, {
        userId: member.id,
        roleIds: channelRole.id,
        accountKind: 't',
      }).expect(200);
      expect((await t.ds.getRepository(TenantStaffRoleEntity).findBy({ staffId: member.id })).map((r) => r.roleId)).toEqual([
        channelRole.id,
      ]);
      const customerRoleId = (await roleByCode(t.demoTenantId, 'customer', '1002')).id;
      expect(
        (
          await postForm('/api/tenant/auth/user/distributionRole', tokens.channeladmin, {
            userId: member.id,
            roleIds: customerRoleId,
            accountKind: 't',
          }).expect(404)
        ).body.message,
      ).toBe(AccountMsg.roleNotFound);
      const self = await staff('channeladmin');
      expect(
        (
          await postForm('/api/tenant/auth/user/distributionRole', tokens.channeladmin, {
            userId: self.id,
            roleIds: channelRole.id,
            accountKind: 't',
          }).expect(403)
        ).body.message,
      ).toBe(AccountMsg.cannotAssignSelf);

      const detail = (
        await get('/api/tenant/auth/user/infoDetail', tokens.channeladmin, { userId: member.id, accountKind: 't' }).expect(200)
      ).body.data;
      expect(detail).toMatchObject({ loginUser: 'staff_two', roleList: [{ id: channelRole.id, name: '渠道管理员' }] });

      const session = await t.login('tenant', 'staff_two', PASSWORD);
      await postForm('/api/tenant/auth/user/changeStatus', tokens.channeladmin, { userId: member.id, status: 1, accountKind: 't' }).expect(
        200,
      );
      expect((await get('/api/tenant/auth/user/login-user', session)).status).toBe(401);
      expect((await tryLogin('tenant', 'staff_two')).body).toMatchObject({ code: 403, message: Msg.accountDisabled });
      await postForm('/api/tenant/auth/user/changeStatus', tokens.channeladmin, { userId: member.id, status: 0, accountKind: 't' }).expect(
        200,
      );
      await t.login('tenant', 'staff_two', PASSWORD);
      expect((await logsOf('tenant_staff', member.id)).slice(-2).map((l) => l.action)).toEqual(['禁用员工账号', '启用员工账号']);
      expect(
        (
          await postForm('/api/tenant/auth/user/changeStatus', tokens.channeladmin, {
            userId: self.id,
            status: 1,
            accountKind: 't',
          }).expect(403)
        ).body.message,
      ).toBe(AccountMsg.cannotDisableSelf);
      expect(
        (
          await postForm('/api/tenant/auth/user/changeStatus', tokens.appraiser1, {
            userId: member.id,
            status: 1,
            accountKind: 't',
          }).expect(403)
        ).body.message,
      ).toBe(Msg.forbidden);
    });
  });
});
