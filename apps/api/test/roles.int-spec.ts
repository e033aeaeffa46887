import { IsNull } from 'typeorm';
import { cannotGrantMessage, closePermissionSet, Msg, permissionsOfScope, roleInUseMessage, RoleMsg } from '@valuation/domain';
import {
  AccountEntity,
  AccountRoleEntity,
  OperationLogEntity,
  OrganizationEntity,
  RoleEntity,
  RolePermissionEntity,
} from '@valuation/persistence';
import { startTestApi, type TestApi } from './test-api';

describe('roles', () => {
  let t: TestApi;
  const tokens: Record<string, string> = {};
  let demoCompanyId: number;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, token: string, query: Record<string, string | number> = {}) =>
    t
      .http()
      .get(path)
      .query({ timestamp: Date.now(), ...query })
      .set(auth(token));
  const post = (path: string, token: string, body: Record<string, unknown>) => t.http().post(path).set(auth(token)).send(body);
  const postForm = (path: string, token: string, body: Record<string, string | number>) =>
    t.http().post(path).set(auth(token)).type('form').send(body);
  const roleByCode = (tenantId: number, kind: string, code: string) =>
    t.ds.getRepository(RoleEntity).findOneByOrFail({ tenantId, kind, code });
  const permissionsOf = async (roleId: number) =>
    (await t.ds.getRepository(RolePermissionEntity).find({ where: { roleId }, order: { permissionId: 'ASC' } })).map((r) => r.permissionId);
  const logsOf = (targetId: number) =>
    t.ds.getRepository(OperationLogEntity).find({ where: { targetType: 'role', targetId: String(targetId) }, order: { id: 'ASC' } });
  const treeIds = (tree: { id: number; children: { id: number }[] }[]) => tree.flatMap((n) => [n.id, ...n.children.map((c) => c.id)]);

  beforeAll(async () => {
    t = await startTestApi();
    for (const login of ['demoadmin', 'demouser', 'otheradmin']) tokens[login] = await t.login('user', login);
    for (const login of ['channeladmin', 'appraiser1', 'otherchannel']) tokens[login] = await t.login('tenant', login);
    demoCompanyId = (
      await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ tenantId: t.demoTenantId, parentId: IsNull(), name: '北京示范银行' })
    ).id;
  });
  afterAll(() => t.close());

  describe('organisation side', () => {
    it("lists the company's roles with codes, people, times and holder counts, filtered", async () => {
      const res = await get('/api/auth/role/pageable', tokens.demoadmin, { pageIndex: 1, pageSize: 10 }).expect(200);
      expect(res.body.data).toMatchObject({ pages: 1, pageNum: 1, total: 3 });
      const row = res.body.data.list.find((r: { code: string }) => r.code === '1002');
      expect(row).toEqual({
        id: expect.any(Number),
        code: '1002',
        name: '估价用户',
        remark: '估价相关权限',
        createdTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        createdBy: null,
        createdName: '系统',
        creater: '系统',
        updatedTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        updatedBy: null,
        updatedName: '系统',
        updater: '系统',
        userCount: 1,
      });
      const codes = async (query: Record<string, string>) =>
        (await get('/api/auth/role/pageable', tokens.demoadmin, query).expect(200)).body.data.list
          .map((r: { code: string }) => r.code)
          .sort();
      expect(await codes({ code: '1002' })).toEqual(['1002']);
      expect(await codes({ name: '租金' })).toEqual(['1003']);
      expect(await codes({ updateName: '系统' })).toEqual(['1001', '1002', '1003']);
      expect(await codes({ updateName: '别人' })).toEqual([]);
      expect(await codes({ beginDate: '2018/01/01', endDate: '2018/01/02' })).toEqual([]);
      for (const [query, message] of [
        [{ code: '10a' }, RoleMsg.codeInvalid],
        [{ code: '12345678901' }, RoleMsg.codeInvalid],
        [{ beginDate: '2017/12/31' }, `日期不能早于2018/01/01`],
        [{ pageSize: '7' }, '每页条数只能为10、50、100、200'],
      ] as const) {
        expect((await get('/api/auth/role/pageable', tokens.demoadmin, query).expect(400)).body.message).toBe(message);
      }
      expect((await get('/api/auth/role/pageable', tokens.demouser).expect(403)).body.message).toBe(Msg.forbidden);
      const other = await get('/api/auth/role/pageable', tokens.otheradmin).expect(200);
      expect(other.body.data.list.map((r: { id: number }) => r.id)).not.toContain(row.id);
    });

    it('lists role options and details, 404 for another tenant', async () => {
      const options = (await get('/api/auth/role/list', tokens.demoadmin).expect(200)).body.data;
      expect(options.map((o: { name: string }) => o.name)).toEqual(['机构管理员', '估价用户', '租金估价用户']);
      const valuer = await roleByCode(t.demoTenantId, 'customer', '1002');
      const detail = (await get('/api/auth/role/infodetailById', tokens.demoadmin, { roleId: valuer.id }).expect(200)).body.data;
      expect(detail).toMatchObject({ id: valuer.id, code: '1002', userCount: 1, permissions: await permissionsOf(valuer.id) });
      expect((await get('/api/auth/permission/fRolePermissions', tokens.demoadmin, { roleId: valuer.id }).expect(200)).body.data).toEqual(
        await permissionsOf(valuer.id),
      );
      expect((await get('/api/auth/role/infodetailById', tokens.otheradmin, { roleId: valuer.id }).expect(404)).body.message).toBe(
        RoleMsg.notFound,
      );
      expect((await get('/api/auth/permission/fRolePermissions', tokens.otheradmin, { roleId: valuer.id }).expect(404)).body.message).toBe(
        RoleMsg.notFound,
      );
      expect((await get('/api/auth/role/infodetailById', tokens.demoadmin, { roleId: 'x' }).expect(400)).body.message).toBe(
        RoleMsg.notFound,
      );
    });

    let created: number;

    it('creates a role with a new code, the permissions closed upwards, and logs it', async () => {
      const res = await post('/api/auth/role/add', tokens.demoadmin, { name: ' 审核员 ', remark: '只看记录', permissions: [22] }).expect(
        200,
      );
      expect(res.body).toMatchObject({
        code: 200,
        message: RoleMsg.added,
        data: {
          code: '1005',
          name: '审核员',
          remark: '只看记录',
          createdBy: expect.any(Number),
          createdName: '演示管理员',
          userCount: 0,
          permissions: [1, 22],
        },
      });
      created = res.body.data.id;
      expect(await t.ds.getRepository(RoleEntity).findOneByOrFail({ id: created })).toMatchObject({
        tenantId: t.demoTenantId,
        kind: 'customer',
        companyId: demoCompanyId,
        code: '1005',
      });
      expect(await permissionsOf(created)).toEqual([1, 22]);
      const [log] = await logsOf(created);
      expect(log).toMatchObject({
        action: '新增角色',
        population: 'user',
        actorLogin: 'demoadmin',
        changes: { before: {}, after: { name: '审核员', remark: '只看记录', permissions: [1, 22] } },
      });
      const form = await postForm('/api/auth/role/add', tokens.demoadmin, { name: '表单角色', permissions: '2,26' }).expect(200);
      expect(form.body.data).toMatchObject({ code: '1006', permissions: [2, 26] });
    });

    it('refuses bad input with the spec’s messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '', permissions: [2] }, RoleMsg.nameRequired],
        [{ permissions: [2] }, RoleMsg.nameRequired],
        [{ name: '名'.repeat(21), permissions: [2] }, RoleMsg.nameTooLong],
        [{ name: '角色', remark: '备'.repeat(101), permissions: [2] }, RoleMsg.remarkTooLong],
        [{ name: '角色', permissions: [] }, RoleMsg.permissionsRequired],
        [{ name: '角色' }, RoleMsg.permissionsRequired],
        [{ name: '角色', permissions: [999] }, RoleMsg.permissionInvalid],
        [{ name: '角色', permissions: [2147483648] }, RoleMsg.permissionInvalid],
      ];
      for (const [body, message] of cases) {
        expect((await post('/api/auth/role/add', tokens.demoadmin, body).expect(400)).body.message).toBe(message);
      }
      expect((await post('/api/auth/role/edit', tokens.demoadmin, { name: '角色', permissions: [2] }).expect(400)).body.message).toBe(
        RoleMsg.notFound,
      );
      expect((await post('/api/auth/role/add', tokens.demouser, { name: '角色', permissions: [2] }).expect(403)).body.message).toBe(
        Msg.forbidden,
      );
    });

    it('grants only customer permissions the caller holds; removing from its own role is allowed, adding back is not', async () => {
      expect((await post('/api/auth/role/add', tokens.demoadmin, { name: '越权', permissions: [66] }).expect(403)).body.message).toBe(
        cannotGrantMessage([66]),
      );
      const admin = await roleByCode(t.demoTenantId, 'customer', '1001');
      const held = await permissionsOf(admin.id);
      const without = held.filter((id) => ![7, 36, 37].includes(id));
      const tree = async () => treeIds((await get('/api/auth/resource/distributiones', tokens.demoadmin).expect(200)).body.data);
      expect((await tree()).sort((a, b) => a - b)).toEqual(
        permissionsOfScope('customer')
          .map((p) => p.id)
          .sort((a, b) => a - b),
      );

      await post('/api/auth/role/edit', tokens.demoadmin, {
        id: admin.id,
        name: admin.name,
        remark: admin.remark,
        permissions: without,
      }).expect(200);
      expect(await tree()).not.toContain(7);
      expect(await tree()).not.toContain(36);
      const back = await post('/api/auth/role/edit', tokens.demoadmin, {
        id: admin.id,
        name: admin.name,
        remark: admin.remark,
        permissions: held,
      }).expect(403);
      expect(back.body.message).toBe(cannotGrantMessage([7, 36, 37]));
      expect((await post('/api/auth/role/add', tokens.demoadmin, { name: '统计', permissions: [36] }).expect(403)).body.message).toBe(
        cannotGrantMessage([7, 36]),
      );
      expect(await permissionsOf(admin.id)).toEqual(without);
      await t.ds.getRepository(RolePermissionEntity).save([7, 36, 37].map((permissionId) => ({ roleId: admin.id, permissionId })));
      expect(await tree()).toContain(7);
    });

    it('edits a role: the holders’ permissions change on their next request, and the log keeps before and after', async () => {
      const valuer = await roleByCode(t.demoTenantId, 'customer', '1002');
      const before = await permissionsOf(valuer.id);
      await get('/api/eval/list', tokens.demouser).expect(200);
      const res = await post('/api/auth/role/edit', tokens.demoadmin, {
        id: valuer.id,
        name: '估价员',
        remark: '估价相关权限',
        permissions: before.filter((id) => id !== 2 && id !== 23 && id !== 24 && id !== 25 && id !== 26),
      }).expect(200);
      expect(res.body).toMatchObject({ message: RoleMsg.edited, data: { name: '估价员', updatedName: '演示管理员', userCount: 1 } });
      expect((await get('/api/eval/list', tokens.demouser).expect(403)).body.message).toBe(Msg.forbidden);
      const [log] = await logsOf(valuer.id);
      expect(log.action).toBe('编辑角色');
      expect(log.changes).toEqual({
        before: { name: '估价用户', permissions: before },
        after: { name: '估价员', permissions: closePermissionSet(before.filter((id) => ![2, 23, 24, 25, 26].includes(id))) },
      });
      await post('/api/auth/role/edit', tokens.demoadmin, {
        id: valuer.id,
        name: '估价用户',
        remark: '估价相关权限',
        permissions: before,
      }).expect(200);
      await get('/api/eval/list', tokens.demouser).expect(200);
      expect(
        (await post('/api/auth/role/edit', tokens.otheradmin, { id: valuer.id, name: '改名', permissions: [2] }).expect(404)).body.message,
      ).toBe(RoleMsg.notFound);
    });

    it('deletes a role nobody holds; a held role is refused with the holder count', async () => {
      const valuer = await roleByCode(t.demoTenantId, 'customer', '1002');
      const held = await postForm('/api/auth/role/delete', tokens.demoadmin, { roleId: valuer.id }).expect(409);
      expect(held.body.message).toBe(roleInUseMessage(1));
      expect((await postForm('/api/auth/role/delete', tokens.otheradmin, { roleId: created }).expect(404)).body.message).toBe(
        RoleMsg.notFound,
      );
      expect((await postForm('/api/auth/role/delete', tokens.demouser, { roleId: created }).expect(403)).body.message).toBe(Msg.forbidden);
      expect((await postForm('/api/auth/role/delete', tokens.demoadmin, { roleId: 'x' }).expect(400)).body.message).toBe(RoleMsg.notFound);
      const res = await postForm('/api/auth/role/delete', tokens.demoadmin, { roleId: created }).expect(200);
      expect(res.body).toMatchObject({ code: 200, message: RoleMsg.deleted, data: null });
      expect(await t.ds.getRepository(RoleEntity).findOneBy({ id: created })).toBeNull();
      expect(await permissionsOf(created)).toEqual([]);
      const logs = await logsOf(created);
      expect(logs.at(-1)).toMatchObject({
        action: '删除角色',
        changes: { before: { name: '审核员', remark: '只看记录', permissions: [1, 22] }, after: {} },
      });
      await postForm('/api/auth/role/delete', tokens.demoadmin, { roleId: created }).expect(404);
    });
  });

  describe('channel side', () => {
    let customerRole: number;

    it('keeps tenant-wide customer roles, numbered after the companies’ roles and assignable to any company’s accounts', async () => {
      expect((await get('/api/tenant/auth/role/t/c/pageable', tokens.channeladmin).expect(200)).body.data.total).toBe(0);
      const tree = (await get('/api/tenant/auth/resource/t/c/distributiones', tokens.channeladmin).expect(200)).body.data;
      expect(treeIds(tree).sort((a, b) => a - b)).toEqual(
        permissionsOfScope('customer')
          .map((p) => p.id)
          .sort((a, b) => a - b),
      );
      expect(
        (await post('/api/tenant/auth/role/c/add', tokens.channeladmin, { name: '越权', permissions: [66] }).expect(403)).body.message,
      ).toBe(cannotGrantMessage([66]));
      const res = await post('/api/tenant/auth/role/c/add', tokens.channeladmin, {
        name: '机构管理',
        remark: '',
        permissions: [44],
      }).expect(200);
      expect(res.body).toMatchObject({ message: RoleMsg.added, data: { code: '1007', permissions: [10, 44], createdName: '渠道管理员' } });
      customerRole = res.body.data.id;
      expect(await t.ds.getRepository(RoleEntity).findOneByOrFail({ id: customerRole })).toMatchObject({
        kind: 'customer',
        companyId: null,
      });
      expect((await logsOf(customerRole))[0]).toMatchObject({ action: '新增客户角色', population: 'tenant', actorLogin: 'channeladmin' });

      const demouser = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' });
      const perms = async () =>
        (await get('/api/auth/user/login-user/perms', tokens.demouser).expect(200)).body.data.map((p: { id: number }) => p.id);
      expect(await perms()).not.toContain(10);
      await t.ds.getRepository(AccountRoleEntity).save({ accountId: demouser.id, roleId: customerRole });
      expect(await perms()).toContain(10);
      const list = (await get('/api/tenant/auth/role/t/c/pageable', tokens.channeladmin).expect(200)).body.data.list;
      expect(list).toEqual([expect.objectContaining({ id: customerRole, code: '1007', userCount: 1 })]);
      expect((await get('/api/tenant/auth/role/c/list', tokens.channeladmin).expect(200)).body.data).toEqual([
        { id: customerRole, name: '机构管理' },
      ]);
      expect((await get('/api/auth/role/list', tokens.demoadmin).expect(200)).body.data.map((r: { id: number }) => r.id)).not.toContain(
        customerRole,
      );
      expect((await get('/api/auth/role/infodetailById', tokens.demoadmin, { roleId: customerRole }).expect(404)).body.message).toBe(
        RoleMsg.notFound,
      );

      const edit = await post('/api/tenant/auth/role/c/edit', tokens.channeladmin, {
        id: customerRole,
        name: '机构管理员',
        remark: '租户通用',
        permissions: [45],
      }).expect(200);
      expect(edit.body).toMatchObject({ message: RoleMsg.edited, data: { name: '机构管理员', remark: '租户通用', permissions: [10, 45] } });
      expect((await logsOf(customerRole))[1]).toMatchObject({
        action: '编辑客户角色',
        changes: {
          before: { name: '机构管理', remark: null, permissions: [10, 44] },
          after: { name: '机构管理员', remark: '租户通用', permissions: [10, 45] },
        },
      });
      expect((await postForm('/api/tenant/auth/role/delete', tokens.channeladmin, { roleId: customerRole }).expect(409)).body.message).toBe(
        roleInUseMessage(1),
      );
      await t.ds.getRepository(AccountRoleEntity).delete({ accountId: demouser.id, roleId: customerRole });
      expect((await postForm('/api/tenant/auth/role/delete', tokens.channeladmin, { roleId: customerRole }).expect(200)).body.message).toBe(
        RoleMsg.deleted,
      );
      expect((await logsOf(customerRole))[2]).toMatchObject({
        action: '删除客户角色',
        changes: { before: { name: '机构管理员' }, after: {} },
      });
    });

    it('grants staff roles only tenant permissions the caller holds', async () => {
      const list = (await get('/api/tenant/auth/role/t/pageable', tokens.channeladmin, { code: '200' }).expect(200)).body.data.list;
      expect(list.map((r: { code: string; userCount: number }) => [r.code, r.userCount]).sort()).toEqual([
        ['2001', 1],
        ['2002', 1],
      ]);
      const tree = treeIds((await get('/api/tenant/auth/resource/t/distributiones', tokens.channeladmin).expect(200)).body.data);
      expect(tree).toContain(74);
      expect(tree).not.toContain(113);
      expect(tree).not.toContain(1);
      for (const ids of [[113], [114], [1]]) {
        expect(
          (await post('/api/tenant/auth/role/t/add', tokens.channeladmin, { name: '越权', permissions: ids }).expect(403)).body.message,
        ).toMatch(/^您无权授予以下权限：/);
      }
      const res = await post('/api/tenant/auth/role/t/add', tokens.channeladmin, {
        name: '客服',
        remark: '客户公司',
        permissions: [78],
      }).expect(200);
      expect(res.body.data).toMatchObject({ code: '2003', permissions: [66, 78] });
      const id = res.body.data.id;
      expect((await logsOf(id))[0]).toMatchObject({
        action: '新增员工角色',
        changes: { after: { name: '客服', remark: '客户公司', permissions: [66, 78] } },
      });
      expect((await get('/api/tenant/auth/role/infodetailById', tokens.channeladmin, { roleId: id }).expect(200)).body.data).toMatchObject({
        id,
        permissions: [66, 78],
      });
      expect(
        (await get('/api/tenant/auth/permission/fRolePermissions', tokens.channeladmin, { roleId: id }).expect(200)).body.data,
      ).toEqual([66, 78]);
      const edited = await post('/api/tenant/auth/role/t/edit', tokens.channeladmin, {
        id,
        name: '客服',
        remark: '客户公司',
        permissions: [66],
      }).expect(200);
      expect(edited.body.data.permissions).toEqual([66]);
      expect((await logsOf(id))[1]).toMatchObject({
        action: '编辑员工角色',
        changes: { before: { permissions: [66, 78] }, after: { permissions: [66] } },
      });
      expect(
        (await post('/api/tenant/auth/role/t/edit', tokens.channeladmin, { id, name: '客服', permissions: [66, 113] }).expect(403)).body
          .message,
      ).toBe(cannotGrantMessage([113]));

      const admin = await roleByCode(t.demoTenantId, 'tenant', '2001');
      expect((await postForm('/api/tenant/auth/role/delete', tokens.channeladmin, { roleId: admin.id }).expect(409)).body.message).toBe(
        roleInUseMessage(1),
      );
      expect((await postForm('/api/tenant/auth/role/delete', tokens.otherchannel, { roleId: id }).expect(404)).body.message).toBe(
        RoleMsg.notFound,
      );
      expect((await get('/api/tenant/auth/role/infodetailById', tokens.otherchannel, { roleId: id }).expect(404)).body.message).toBe(
        RoleMsg.notFound,
      );
      expect(
        (await post('/api/tenant/auth/role/t/edit', tokens.otherchannel, { id, name: '改名', permissions: [66] }).expect(404)).body.message,
      ).toBe(RoleMsg.notFound);
      const companyRole = await roleByCode(t.demoTenantId, 'customer', '1001');
      await postForm('/api/tenant/auth/role/delete', tokens.channeladmin, { roleId: companyRole.id }).expect(404);
      await post('/api/tenant/auth/role/c/edit', tokens.channeladmin, { id: companyRole.id, name: '改名', permissions: [1] }).expect(404);
      await post('/api/tenant/auth/role/c/edit', tokens.channeladmin, { id, name: '改名', permissions: [1] }).expect(404);
      await postForm('/api/tenant/auth/role/delete', tokens.channeladmin, { roleId: id }).expect(200);
      expect((await logsOf(id)).at(-1)).toMatchObject({
        action: '删除员工角色',
        changes: { before: { name: '客服', remark: '客户公司', permissions: [66] } },
      });
    });

    it('refuses staff without the role permissions', async () => {
      for (const path of [
        '/api/tenant/auth/role/t/pageable',
        '/api/tenant/auth/role/t/c/pageable',
        '/api/tenant/auth/role/t/list',
        '/api/tenant/auth/resource/t/distributiones',
      ]) {
        expect((await get(path, tokens.appraiser1).expect(403)).body.message).toBe(Msg.forbidden);
      }
      await post('/api/tenant/auth/role/t/add', tokens.appraiser1, { name: '角色', permissions: [113] }).expect(403);
      await postForm('/api/tenant/auth/role/delete', tokens.appraiser1, { roleId: 1 }).expect(403);
      await get('/api/tenant/auth/role/t/pageable', tokens.demoadmin).expect(401);
      expect(
        (await post('/api/tenant/auth/role/t/add', tokens.channeladmin, { name: '', permissions: [66] }).expect(400)).body.message,
      ).toBe(RoleMsg.nameRequired);
      expect((await get('/api/tenant/auth/role/t/pageable', tokens.channeladmin, { code: 'abc' }).expect(400)).body.message).toBe(
        RoleMsg.codeInvalid,
      );
    });
  });
});
