import { Client } from 'minio';
import { IsNull } from 'typeorm';
import type { OrgTreeNodeView } from '@valuation/contracts';
import { DEMO_PASSWORD, encodePng, hashPassword } from '@valuation/core';
import { OrganizationMsg, Perm, UserType } from '@valuation/domain';
import {
  AccountEntity,
  AccountRoleEntity,
  OperationLogEntity,
  OrganizationEntity,
  OrganizationStatus,
  RoleEntity,
  RolePermissionEntity,
} from '@valuation/persistence';
import { minioClientOptions } from '@valuation/storage';
import { startTestApi, type TestApi } from './test-api';

const LICENSE_PNG = encodePng(4, 4, () => [200, 30, 30, 255]);
const LICENSE_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64, 7),
  Buffer.from([0xff, 0xd9]),
]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>', 'latin1');
/** A PNG followed by padding up to the given size. */
const pngOfSize = (size: number) => Buffer.concat([LICENSE_PNG, Buffer.alloc(size - LICENSE_PNG.length)]);

type Files = Record<string, { content: Buffer; name: string }>;

describe('organisation management API', () => {
  let t: TestApi;
  let s3: Client;
  const tokens: Record<string, string> = {};
  let rootId: number;
  let rootName: string;
  let chaoyangId: number;
  let haidianId: number;
  let otherRootId: number;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const tree = (token = tokens.demoadmin) => t.http().get('/api/auth/org/findMOrgs').query({ timestamp: Date.now() }).set(auth(token));
  const info = (orgId: number, token = tokens.demoadmin) => t.http().get('/api/auth/org/findInfoById').query({ orgId }).set(auth(token));
  const add = (body: Record<string, unknown>, token = tokens.demoadmin) =>
    t.http().post('/api/auth/org/add').set(auth(token)).type('form').send(body);
  const rename = (body: Record<string, unknown>, token = tokens.demoadmin) =>
    t.http().post('/api/auth/org/edit').set(auth(token)).type('form').send(body);
  const move = (orgId: number, parentId: number, token = tokens.demoadmin) =>
    t.http().post('/api/auth/org/changePid').set(auth(token)).type('form').send({ orgId, parentId });
  const remove = (orgId: number, token = tokens.demoadmin) =>
    t.http().post('/api/auth/org/delete').set(auth(token)).type('form').send({ orgId, status: 3 });
  const image = (orgId: number, token = tokens.demoadmin) =>
    t
      .http()
      .get('/api/auth/org/images')
      .query({ orgId })
      .set(auth(token))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  function saveInfo(fields: Record<string, string | number>, files: Files = {}, token = tokens.demoadmin) {
    const req = t.http().post('/api/auth/org/edit').set(auth(token));
    for (const [k, v] of Object.entries(fields)) req.field(k, String(v));
    for (const [field, f] of Object.entries(files))
      req.attach(field, f.content, { filename: f.name, contentType: 'application/octet-stream' });
    return req;
  }

  const org = (id: number) => t.ds.getRepository(OrganizationEntity).findOneByOrFail({ id });
  const logsOf = (id: number) =>
    t.ds.getRepository(OperationLogEntity).find({ where: { targetType: 'organization', targetId: String(id) }, order: { id: 'ASC' } });
  async function licenceObjects(): Promise<string[]> {
    const found: string[] = [];
    for await (const o of s3.listObjectsV2(t.config.S3_BUCKET, 'organization/', true)) if (o.name) found.push(o.name);
    return found.sort();
  }
  const names = (nodes: readonly OrgTreeNodeView[]): unknown[] =>
    nodes.map((n) => (n.children.length ? { [n.name]: names(n.children) } : n.name));

  async function addAccount(loginUser: string, organizationId: number, permissionIds: number[], phone: string): Promise<number> {
    const o = await org(organizationId);
    const role = await t.ds
      .getRepository(RoleEntity)
      .save({ tenantId: o.tenantId, kind: 'customer', companyId: o.companyId, code: '4001', name: `${loginUser}角色`, remark: null });
    if (permissionIds.length)
      await t.ds.getRepository(RolePermissionEntity).save(permissionIds.map((permissionId) => ({ roleId: role.id, permissionId })));
    const account = await t.ds.getRepository(AccountEntity).save({
      tenantId: o.tenantId,
      organizationId: o.id,
      companyId: o.companyId,
      loginUser,
      userName: loginUser,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      email: null,
      mobilePhone: phone,
      userType: UserType.Enterprise,
      status: 0,
      expireDate: null,
    });
    await t.ds.getRepository(AccountRoleEntity).save({ accountId: account.id, roleId: role.id });
    return account.id;
  }

  /** A new organisation under the parent, added through the API by demoadmin. */
  async function child(parentId: number, name: string): Promise<number> {
    const res = await add({ parentId, name }).expect(200);
    return res.body.data.id as number;
  }

  beforeAll(async () => {
    t = await startTestApi();
    s3 = new Client(minioClientOptions(t.config));
    const root = await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ tenantId: t.demoTenantId, parentId: IsNull() });
    rootId = root.id;
    rootName = root.name;
    chaoyangId = (await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ tenantId: t.demoTenantId, name: '朝阳支行' })).id;
    haidianId = (await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ tenantId: t.demoTenantId, name: '海淀支行' })).id;
    otherRootId = (await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ tenantId: t.otherTenantId, parentId: IsNull() })).id;
    await addAccount('orgsub', chaoyangId, [Perm.organisation, 45], '13700000001');
    await addAccount('orgown', chaoyangId, [Perm.organisation, 44], '13700000002');
    await addAccount('orgbare', chaoyangId, [Perm.organisation], '13700000003');
    for (const login of ['demoadmin', 'demouser', 'otheradmin', 'orgsub', 'orgown', 'orgbare'])
      tokens[login] = await t.login('user', login);
  });
  afterAll(() => t.close());

  describe('access', () => {
    it('refuses callers without permission 10 with 403, on every endpoint', async () => {
      const token = tokens.demouser;
      expect((await tree(token)).status).toBe(403);
      expect((await info(chaoyangId, token)).status).toBe(403);
      expect((await image(rootId, token)).status).toBe(403);
      expect((await add({ parentId: chaoyangId }, token)).status).toBe(403);
      expect((await rename({ id: chaoyangId, name: 'x' }, token)).status).toBe(403);
      expect((await move(chaoyangId, haidianId, token)).status).toBe(403);
      expect((await remove(chaoyangId, token)).status).toBe(403);
      expect(await logsOf(chaoyangId)).toEqual([]);
    });

    it("answers another tenant's organisations with 404 and changes nothing", async () => {
      const token = tokens.otheradmin;
      expect((await image(rootId, token)).status).toBe(404);
      for (const res of [
        await info(chaoyangId, token),
        await add({ parentId: chaoyangId }, token),
        await rename({ id: chaoyangId, name: '改名' }, token),
        await move(chaoyangId, haidianId, token),
        await remove(haidianId, token),
        await move(haidianId, otherRootId),
        await add({ parentId: otherRootId }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(OrganizationMsg.notFound);
      }
      expect((await org(chaoyangId)).name).toBe('朝阳支行');
      expect((await org(haidianId)).status).toBe(OrganizationStatus.Active);
    });
  });

  describe('the tree by data range', () => {
    it('shows the whole company to a caller with 45 at the root', async () => {
      const res = await tree().expect(200);
      expect(res.body.code).toBe(200);
      expect(names(res.body.data)).toEqual([{ [rootName]: ['朝阳支行', '海淀支行'] }]);
      expect(res.body.data[0]).toMatchObject({ id: rootId, parentId: null });
    });

    it('shows its own organisation and everything below with 45, its own organisation only with 44 or neither', async () => {
      const below = await child(chaoyangId, '望京网点');
      const sub = await tree(tokens.orgsub).expect(200);
      expect(sub.body.data).toEqual([
        {
          id: chaoyangId,
          parentId: rootId,
          name: '朝阳支行',
          children: [{ id: below, parentId: chaoyangId, name: '望京网点', children: [] }],
        },
      ]);
      for (const login of ['orgown', 'orgbare']) {
        const own = await tree(tokens[login]).expect(200);
        expect(own.body.data).toEqual([{ id: chaoyangId, parentId: rootId, name: '朝阳支行', children: [] }]);
      }
      // Writes outside the range are 404 as well.
      expect((await rename({ id: below, name: '改名' }, tokens.orgown)).status).toBe(404);
      expect((await info(below, tokens.orgbare)).status).toBe(404);
      expect((await info(chaoyangId, tokens.orgown)).status).toBe(200);
      expect((await add({ parentId: rootId }, tokens.orgsub)).status).toBe(404);
      expect((await move(below, haidianId, tokens.orgsub)).status).toBe(404);
      expect((await remove(haidianId, tokens.orgsub)).status).toBe(404);
      expect((await remove(below, tokens.orgsub)).status).toBe(200);
    });
  });

  describe('add', () => {
    it('adds 新建机构 under a parent of the range, with its path and company, and logs it', async () => {
      const res = await add({ parentId: haidianId }).expect(200);
      expect(res.body).toMatchObject({ code: 200, message: OrganizationMsg.added, data: { parentId: haidianId, name: '新建机构' } });
      const row = await org(res.body.data.id);
      expect(row).toMatchObject({ tenantId: t.demoTenantId, companyId: rootId, path: `/${rootId}/${haidianId}/${row.id}/`, status: 1 });
      const logs = await logsOf(row.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({
        action: '新增机构',
        targetType: 'organization',
        actorLogin: 'demoadmin',
        changes: { before: {}, after: { name: '新建机构', parentId: haidianId, parentName: '海淀支行' } },
      });
      expect(logs[0].detail).toContain('新建机构');
    });

    it('checks the name and the parent', async () => {
      const long = await add({ parentId: haidianId, name: '机'.repeat(51) });
      expect([long.status, long.body.message]).toEqual([400, OrganizationMsg.nameTooLong]);
      const noParent = await add({ name: '东城支行' });
      expect([noParent.status, noParent.body.message]).toEqual([400, OrganizationMsg.parentRequired]);
      const missing = await add({ parentId: 999999 });
      expect([missing.status, missing.body.message]).toEqual([404, OrganizationMsg.notFound]);
    });
  });

  describe('rename', () => {
    it('renames with name and the current parent, and logs the names', async () => {
      const id = await child(haidianId, '中关村网点');
      const res = await rename({ id, parentId: haidianId, name: '中关村支行' }).expect(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: OrganizationMsg.renamed,
        data: { id, name: '中关村支行', parentId: haidianId },
      });
      expect((await org(id)).name).toBe('中关村支行');
      const logs = await logsOf(id);
      expect(logs.map((l) => l.action)).toEqual(['新增机构', '重命名机构']);
      expect(logs[1].changes).toEqual({ before: { name: '中关村网点' }, after: { name: '中关村支行' } });
    });

    it('refuses an empty or long name and a parent change', async () => {
      const empty = await rename({ id: haidianId, name: '  ' });
      expect([empty.status, empty.body.message]).toEqual([400, OrganizationMsg.nameRequired]);
      const long = await rename({ id: haidianId, name: '名'.repeat(51) });
      expect([long.status, long.body.message]).toEqual([400, OrganizationMsg.nameTooLong]);
      const parent = await rename({ id: haidianId, parentId: chaoyangId, name: '海淀支行' });
      expect([parent.status, parent.body.message]).toEqual([400, OrganizationMsg.parentViaMove]);
      expect(await logsOf(haidianId)).toEqual([]);
    });
  });

  describe('move', () => {
    it('moves a subtree under another organisation, rewriting every path below it, and logs the parents', async () => {
      const a = await child(chaoyangId, '甲');
      const b = await child(a, '乙');
      const c = await child(b, '丙');
      const res = await move(a, haidianId).expect(200);
      expect(res.body).toMatchObject({ code: 200, message: OrganizationMsg.moved, data: { id: a, parentId: haidianId } });
      expect((await org(a)).path).toBe(`/${rootId}/${haidianId}/${a}/`);
      expect((await org(b)).path).toBe(`/${rootId}/${haidianId}/${a}/${b}/`);
      expect((await org(c)).path).toBe(`/${rootId}/${haidianId}/${a}/${b}/${c}/`);
      expect((await org(a)).parentId).toBe(haidianId);
      expect((await org(chaoyangId)).path).toBe(`/${rootId}/${chaoyangId}/`);
      const logs = await logsOf(a);
      expect(logs.map((l) => l.action)).toEqual(['新增机构', '移动机构']);
      expect(logs[1].changes).toEqual({
        before: { parentId: chaoyangId, parentName: '朝阳支行' },
        after: { parentId: haidianId, parentName: '海淀支行' },
      });
      // A caller with 45 at 朝阳支行 no longer sees the moved subtree.
      const sub = await tree(tokens.orgsub).expect(200);
      expect(JSON.stringify(sub.body.data)).not.toContain('"甲"');
    });

    it('refuses a move under itself or its descendants, of the root, and out of the range', async () => {
      const a = await child(chaoyangId, '子甲');
      const b = await child(a, '子乙');
      for (const target of [a, b]) {
        const res = await move(a, target);
        expect([res.status, res.body.message]).toEqual([400, OrganizationMsg.moveIntoOwnSubtree]);
      }
      const root = await move(rootId, chaoyangId);
      expect([root.status, root.body.message]).toEqual([400, OrganizationMsg.moveRoot]);
      const outside = await move(a, otherRootId);
      expect(outside.status).toBe(404);
      expect((await org(a)).path).toBe(`/${rootId}/${chaoyangId}/${a}/`);
      expect((await logsOf(a)).map((l) => l.action)).toEqual(['新增机构']);
      const missing = await t
        .http()
        .post('/api/auth/org/changePid')
        .set(auth(tokens.demoadmin))
        .type('form')
        .send({ orgId: a, parentId: '' });
      expect([missing.status, missing.body.message]).toEqual([400, OrganizationMsg.parentRequired]);
    });
  });

  describe('delete', () => {
    it('refuses the root, an organisation with sub-organisations, and one with enabled accounts', async () => {
      const root = await remove(rootId);
      expect([root.status, root.body.message]).toEqual([400, OrganizationMsg.deleteRoot]);
      const parent = await child(haidianId, '有下级');
      await child(parent, '下级一');
      await child(parent, '下级二');
      const withChildren = await remove(parent);
      expect([withChildren.status, withChildren.body.message]).toEqual([400, OrganizationMsg.deleteWithChildren(2)]);
      const staffed = await child(haidianId, '有账号');
      await addAccount('orgstaff1', staffed, [], '13700000011');
      await addAccount('orgstaff2', staffed, [], '13700000012');
      const disabled = await addAccount('orgstaff3', staffed, [], '13700000013');
      await t.ds.getRepository(AccountEntity).update({ id: disabled }, { status: 1 });
      const withAccounts = await remove(staffed);
      expect([withAccounts.status, withAccounts.body.message]).toEqual([400, OrganizationMsg.deleteWithAccounts(2)]);
      const bad = await t.http().post('/api/auth/org/delete').set(auth(tokens.demoadmin)).type('form').send({ orgId: staffed, status: 1 });
      expect([bad.status, bad.body.message]).toEqual([400, OrganizationMsg.statusInvalid]);
      expect((await org(staffed)).status).toBe(OrganizationStatus.Active);
      expect((await logsOf(parent)).map((l) => l.action)).toEqual(['新增机构']);
    });

    it('marks an empty organisation deleted (status 3): it leaves the tree, and later calls answer 404', async () => {
      const id = await child(haidianId, '待删除');
      const res = await remove(id).expect(200);
      expect(res.body).toMatchObject({ code: 200, message: OrganizationMsg.deleted, data: null });
      expect((await org(id)).status).toBe(OrganizationStatus.Deleted);
      expect(JSON.stringify((await tree()).body.data)).not.toContain('待删除');
      expect((await info(id)).status).toBe(404);
      expect((await remove(id)).status).toBe(404);
      const logs = await logsOf(id);
      expect(logs.map((l) => l.action)).toEqual(['新增机构', '删除机构']);
      expect(logs[1].changes).toEqual({ before: { name: '待删除', parentId: haidianId }, after: {} });
    });
  });

  describe('the information form', () => {
    it('shows a customer company with its social code and licence, a sub-organisation with its parent', async () => {
      const root = await info(rootId).expect(200);
      expect(root.body.data).toMatchObject({
        name: rootName,
        id: rootId,
        parentId: null,
        parentName: '',
        topLevel: true,
        socialCode: '91110000100000000X',
        licenseFile: null,
        contact: '王经理',
        bussinessType: '按揭贷款,其他贷款',
      });
      const branch = await info(chaoyangId).expect(200);
      expect(branch.body.data).toMatchObject({ id: chaoyangId, parentId: rootId, topLevel: false, contact: '李主任', cityName: '北京市' });
      expect(branch.body.data.parentName).toBe(root.body.data.name);
      const bad = await t.http().get('/api/auth/org/findInfoById').query({ orgId: 'x' }).set(auth(tokens.demoadmin));
      expect([bad.status, bad.body.message]).toEqual([400, OrganizationMsg.orgRequired]);
    });

    it.each([
      ['an empty name', { name: '' }, OrganizationMsg.nameRequired],
      ['a long name', { name: '名'.repeat(51) }, OrganizationMsg.nameTooLong],
      ['a contact with a space', { contact: '王 经理' }, OrganizationMsg.contactInvalid],
      ['a contact with punctuation', { contact: '王经理!' }, OrganizationMsg.contactInvalid],
      ['a long contact', { contact: '王'.repeat(21) }, OrganizationMsg.contactTooLong],
      ['a bad email', { email: 'bank@example' }, OrganizationMsg.emailInvalid],
      ['a long address', { address: '址'.repeat(101) }, OrganizationMsg.addressTooLong],
      ['a long social code', { socialCode: '9'.repeat(51) }, OrganizationMsg.socialCodeTooLong],
      ['an unknown business type', { bussinessType: '按揭贷款,信用卡' }, OrganizationMsg.businessTypeInvalid],
    ])('refuses %s with its message', async (_label, fields, message) => {
      const res = await saveInfo({ id: rootId, name: rootName, ...fields });
      expect([res.status, res.body.message]).toEqual([400, message]);
    });

    it('saves the fields of a customer company with a PNG licence, serves the licence and logs the changes', async () => {
      const before = await org(rootId);
      const res = await saveInfo(
        {
          id: rootId,
          name: before.name,
          address: '北京市西城区金融大街2号',
          contact: '王经理2',
          email: 'bank@example.com',
          socialCode: '91110000100000001X',
          bussinessType: '按揭贷款',
        },
        { licenseFile: { content: LICENSE_PNG, name: '营业执照.png' } },
      ).expect(200);
      expect(res.body).toMatchObject({ code: 200, message: OrganizationMsg.saved });
      const row = await org(rootId);
      expect(row).toMatchObject({
        address: '北京市西城区金融大街2号',
        contact: '王经理2',
        businessType: '按揭贷款',
        socialCode: '91110000100000001X',
      });
      expect(row.licenseKey).toMatch(new RegExp(`^organization/${t.demoTenantId}/${rootId}/license-[0-9a-f-]{36}\\.png$`));
      const fileName = row.licenseKey!.split('/').pop();
      expect((await info(rootId)).body.data.licenseFile).toBe(fileName);
      const served = await image(rootId).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(served.body, LICENSE_PNG)).toBe(0);

      const logs = await logsOf(rootId);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ action: '编辑机构', targetType: 'organization' });
      expect(logs[0].changes).toEqual({
        before: {
          address: '北京市西城区金融大街1号',
          contact: '王经理',
          email: 'contact@bank.example.com',
          socialCode: '91110000100000000X',
          bussinessType: '按揭贷款,其他贷款',
          licenseFile: null,
        },
        after: {
          address: '北京市西城区金融大街2号',
          contact: '王经理2',
          email: 'bank@example.com',
          socialCode: '91110000100000001X',
          bussinessType: '按揭贷款',
          licenseFile: fileName,
        },
      });

      // A JPEG replaces it; the replaced object is removed.
      const oldKey = row.licenseKey!;
      await saveInfo({ id: rootId, name: before.name }, { licenseFile: { content: LICENSE_JPEG, name: 'licence.JPG' } }).expect(200);
      const replaced = await org(rootId);
      expect(replaced.licenseKey).toMatch(/\.jpg$/);
      expect((await image(rootId).expect(200)).headers['content-type']).toBe('image/jpeg');
      await expect(s3.statObject(t.config.S3_BUCKET, oldKey)).rejects.toThrow();
    });

    it('refuses a licence that is not an image by content, or larger than 10M, and stores nothing', async () => {
      const key = (await org(rootId)).licenseKey;
      const logCount = (await logsOf(rootId)).length;
      const objects = await licenceObjects();
      const html = await saveInfo({ id: rootId, name: rootName }, { licenseFile: { content: HTML, name: '营业执照.png' } });
      expect([html.status, html.body.message]).toEqual([400, OrganizationMsg.licenseFormat]);
      const gif = await saveInfo(
        { id: rootId, name: rootName },
        { licenseFile: { content: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), name: 'a.gif' } },
      );
      expect([gif.status, gif.body.message]).toEqual([400, OrganizationMsg.licenseFormat]);
      const big = await saveInfo(
        { id: rootId, name: rootName },
        { licenseFile: { content: pngOfSize(10 * 1024 * 1024 + 1), name: 'big.png' } },
      );
      expect([big.status, big.body.message]).toEqual([400, OrganizationMsg.licenseTooLarge]);
      expect(await licenceObjects()).toEqual(objects);
      expect((await org(rootId)).licenseKey).toBe(key);
      const exact = await saveInfo(
        { id: rootId, name: (await org(rootId)).name },
        { licenseFile: { content: pngOfSize(10 * 1024 * 1024), name: 'max.png' } },
      );
      expect(exact.status).toBe(200);
      expect((await org(rootId)).licenseKey).not.toBe(key);
      expect((await logsOf(rootId)).length).toBe(logCount + 1);
    });

    it('keeps social code and licence to customer companies; a sub-organisation saves its 负责人', async () => {
      const licence = await saveInfo({ id: chaoyangId, name: '朝阳支行' }, { licenseFile: { content: LICENSE_PNG, name: 'a.png' } });
      expect([licence.status, licence.body.message]).toEqual([400, OrganizationMsg.topLevelOnly]);
      const social = await saveInfo({ id: chaoyangId, name: '朝阳支行', socialCode: '123' });
      expect([social.status, social.body.message]).toEqual([400, OrganizationMsg.topLevelOnly]);
      await saveInfo({ id: chaoyangId, name: '朝阳支行', contact: '刘主任', bussinessType: '其他贷款', socialCode: '' }).expect(200);
      expect(await org(chaoyangId)).toMatchObject({ contact: '刘主任', businessType: '其他贷款', socialCode: null, licenseKey: null });
      const served = await image(chaoyangId);
      expect([served.status]).toEqual([404]);
      const logs = await logsOf(chaoyangId);
      expect(logs.at(-1)).toMatchObject({
        action: '编辑机构',
        changes: { before: { contact: '李主任', bussinessType: null }, after: { contact: '刘主任', bussinessType: '其他贷款' } },
      });
    });

    it('lets a caller with 44 edit its own organisation only', async () => {
      await saveInfo({ id: chaoyangId, name: '朝阳支行', fax: '010-1234' }, {}, tokens.orgown).expect(200);
      expect((await org(chaoyangId)).fax).toBe('010-1234');
      expect((await saveInfo({ id: rootId, name: rootName }, {}, tokens.orgown)).status).toBe(404);
    });
  });
});
