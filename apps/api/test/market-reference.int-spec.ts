import { DICTIONARIES, EVAL_FIELDS } from '@valuation/domain';
import { AccountEntity, BusinessEntity, EvalFieldSettingEntity, RegionEntity } from '@valuation/persistence';
import { startTestApi, type TestApi } from './test-api';

describe('market reference data: regions, dictionaries, business types, form fields', () => {
  let t: TestApi;
  let demoAdmin: string;
  let demoUser: string;
  let otherAdmin: string;
  let demoCompanyId: number;
  let otherCompanyId: number;

  beforeAll(async () => {
    t = await startTestApi();
    [demoAdmin, demoUser, otherAdmin] = await Promise.all([
      t.login('user', 'demoadmin'),
      t.login('user', 'demouser'),
      t.login('user', 'otheradmin'),
    ]);
    const accounts = t.ds.getRepository(AccountEntity);
    demoCompanyId = (await accounts.findOneByOrFail({ loginUser: 'demoadmin' })).companyId;
    otherCompanyId = (await accounts.findOneByOrFail({ loginUser: 'otheradmin' })).companyId;
  });
  afterAll(() => t.close());

  const get = (token: string, path: string) => t.http().get(path).set('Authorization', `Bearer ${token}`);

  describe('regions', () => {
    it('groups cities by pinyin initial A to Z, with short names', async () => {
      const { body } = await get(demoUser, '/api/region/py').expect(200);
      expect(body.code).toBe(200);
      const groups: { pyKey: string; items: { regionName: string; regionCode: string }[] }[] = body.data;
      const keys = groups.map((g) => g.pyKey);
      expect(keys).toEqual([...keys].sort());
      expect(keys.every((k) => /^[A-Z]$/.test(k))).toBe(true);
      expect(new Set(keys).size).toBe(keys.length);
      const b = groups.find((g) => g.pyKey === 'B')!;
      expect(b.items).toContainEqual({ regionName: '北京', regionCode: '110100' });
      expect(groups.find((g) => g.pyKey === 'S')!.items).toContainEqual({ regionName: '上海', regionCode: '310100' });
      expect(groups.find((g) => g.pyKey === 'C')!.items).toContainEqual({ regionName: '重庆', regionCode: '500100' });
      const all = groups.flatMap((g) => g.items);
      const cities = await t.ds.getRepository(RegionEntity).find({ where: { level: 2 } });
      expect(all.map((c) => c.regionCode).sort()).toEqual(cities.map((c) => c.code).sort());
      expect(all.some((c) => c.regionName === '北京市')).toBe(false);
    });

    it('answers the province tree to the requested depth with full names', async () => {
      const level1 = (await get(demoUser, '/api/region/tree?level=1').expect(200)).body.data;
      expect(level1.length).toBeGreaterThanOrEqual(31);
      expect(level1[0]).toEqual({ regionCode: '110000', regionName: '北京市', items: [] });

      const level2 = (await get(demoUser, '/api/region/tree?level=2').expect(200)).body.data;
      expect(level2[0].items).toEqual([{ regionCode: '110100', regionName: '北京市', items: [] }]);
      const guangdong = level2.find((p: { regionCode: string }) => p.regionCode === '440000');
      expect(guangdong.regionName).toBe('广东省');
      expect(guangdong.items).toContainEqual({ regionCode: '440100', regionName: '广州市', items: [] });

      const level3 = (await get(demoUser, '/api/region/tree?level=3').expect(200)).body.data;
      const beijingDistricts = level3[0].items[0].items;
      expect(beijingDistricts).toContainEqual({ regionCode: '110105', regionName: '朝阳区', items: [] });
      expect(beijingDistricts).toContainEqual({ regionCode: '110108', regionName: '海淀区', items: [] });
      expect((await get(demoUser, '/api/region/tree').expect(200)).body.data).toEqual(level3);
    });

    it('finds cities by Chinese name, full pinyin and initials, best first, at most 20', async () => {
      const filter = async (name: string) =>
        (await get(demoUser, `/api/region/filter?name=${encodeURIComponent(name)}`).expect(200)).body.data as {
          regionName: string;
          regionCode: string;
        }[];
      for (const input of ['bj', 'beijing', 'BeiJing', '北京', '北京市', 'bei']) {
        expect((await filter(input))[0]).toEqual({ regionName: '北京', regionCode: '110100' });
      }
      expect((await filter('bj')).map((c) => c.regionName)).toEqual(expect.arrayContaining(['北京', '宝鸡']));
      expect((await filter('guangz'))[0]).toEqual({ regionName: '广州', regionCode: '440100' });
      expect((await filter('sz')).map((c) => c.regionName)).toEqual(expect.arrayContaining(['深圳', '苏州']));
      expect((await filter('州')).length).toBe(20);
      expect(await filter('xyzxyz')).toEqual([]);
    });

    it('asks for a city name when the input is empty, and refuses a level outside 1..3', async () => {
      const empty = await get(demoUser, '/api/region/filter?name=%20');
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ code: 400, message: '请输入城市中文名或拼音!' });
      expect((await get(demoUser, '/api/region/filter')).body.message).toBe('请输入城市中文名或拼音!');
      const level = await get(demoUser, '/api/region/tree?level=4');
      expect(level.body).toMatchObject({ code: 400, message: '区域层级只能为1、2或3' });
      expect((await get(demoUser, '/api/region/tree?level=x')).body.code).toBe(400);
    });

    it('needs a logged-in user', async () => {
      const res = await t.http().get('/api/region/py');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(401);
    });

    it('answers channel staff as well (tree, pinyin groups, city search), and nobody without a token', async () => {
      const staff = await t.login('tenant', 'channeladmin');
      const tree = (await get(staff, '/api/region/tree?level=2').expect(200)).body.data;
      expect(tree[0].items).toEqual([{ regionCode: '110100', regionName: '北京市', items: [] }]);
      const py = (await get(staff, '/api/region/py').expect(200)).body.data;
      expect(py).toEqual((await get(demoUser, '/api/region/py').expect(200)).body.data);
      expect(py.find((g: { pyKey: string }) => g.pyKey === 'B').items).toContainEqual({ regionName: '北京', regionCode: '110100' });
      const found = (await get(staff, '/api/region/filter?name=bj').expect(200)).body.data;
      expect(found[0]).toEqual({ regionName: '北京', regionCode: '110100' });
      expect((await get(staff, '/api/region/filter?name=%20')).body).toMatchObject({ code: 400, message: '请输入城市中文名或拼音!' });
      for (const path of ['/api/region/py', '/api/region/filter?name=bj', '/api/region/tree', '/api/region/locate?lng=116.4&lat=39.9']) {
        const anonymous = await t.http().get(path);
        expect([path, anonymous.status, anonymous.body.code]).toEqual([path, 401, 401]);
      }
    });
  });

  it('lists the dictionaries of the valuation form', async () => {
    const { body } = await get(demoUser, '/api/dict/list').expect(200);
    expect(Object.keys(body.data).sort()).toEqual(['bldgStru', 'bldgType', 'face', 'indoStru', 'intDeco']);
    expect(body.data.face).toEqual(DICTIONARIES.face);
    expect(body.data.bldgType).toContainEqual({ dictCode: '13', dictName: '高层' });
    expect(body.data.intDeco[0]).toEqual({ dictCode: '1', dictName: '毛坯' });
  });

  it("lists only the caller's company's business types that are not deleted", async () => {
    const repo = t.ds.getRepository(BusinessEntity);
    const seeded = async (tenantId: number, companyId: number) =>
      (await repo.find({ where: { tenantId, companyId }, order: { id: 'ASC' } })).map((b) => ({ id: b.id, businessName: b.businessName }));
    const demoSeeded = await seeded(t.demoTenantId, demoCompanyId);
    const otherSeeded = await seeded(t.otherTenantId, otherCompanyId);
    expect(demoSeeded.map((b) => b.businessName)).toEqual(['按揭贷款', '其他贷款']);
    expect(otherSeeded.map((b) => b.businessName)).toEqual(['按揭贷款', '其他贷款']);
    const row = (tenantId: number, companyId: number, businessName: string, deleted = false) =>
      repo.create({ tenantId, companyId, businessName, deleted, createName: '测试' });
    const saved = await repo.save([
      row(t.demoTenantId, demoCompanyId, '经营贷款'),
      row(t.demoTenantId, demoCompanyId, '已删除业务', true),
      row(t.demoTenantId, demoCompanyId + 100000, '别家公司业务'),
      row(t.otherTenantId, otherCompanyId, '另一渠道业务'),
    ]);
    const expected = [...demoSeeded, { id: saved[0].id, businessName: '经营贷款' }];
    expect((await get(demoAdmin, '/api/business/list').expect(200)).body.data).toEqual(expected);
    expect((await get(demoUser, '/api/business/list').expect(200)).body.data).toEqual(expected);
    expect((await get(otherAdmin, '/api/business/list').expect(200)).body.data).toEqual([
      ...otherSeeded,
      { id: saved[3].id, businessName: '另一渠道业务' },
    ]);
  });

  it('resolves each form field from the company setting, then the tenant setting, then the default', async () => {
    const repo = t.ds.getRepository(EvalFieldSettingEntity);
    const setting = (tenantId: number, companyId: number | null, fieldKey: string, display: boolean, required: boolean) =>
      repo.create({ tenantId, companyId, fieldKey, display, required });
    const [tenantPrincipal, tenantOwner, companyOwner] = await repo.save([
      setting(t.demoTenantId, null, 'principal', false, false),
      setting(t.demoTenantId, null, 'owner', true, true),
      setting(t.demoTenantId, demoCompanyId, 'owner', false, false),
      setting(t.demoTenantId, demoCompanyId + 100000, 'buildNo', false, true),
      setting(t.otherTenantId, null, 'cardAddress', true, true),
      setting(t.otherTenantId, otherCompanyId, 'face', false, true),
    ]);

    const fields = (await get(demoUser, '/api/eval-field/list').expect(200)).body.data as {
      id: number | null;
      fieldKey: string;
      fieldName: string;
      display: boolean;
      required: boolean;
    }[];
    expect(fields.map((f) => f.fieldKey)).toEqual(EVAL_FIELDS.map((f) => f.key));
    const byKey = new Map(fields.map((f) => [f.fieldKey, f]));
    expect(byKey.get('principalCode')).toEqual({
      id: null,
      fieldName: '客户编号',
      fieldKey: 'principalCode',
      fieldType: 'text',
      entryType: 1,
      display: true,
      required: false,
    });
    expect(byKey.get('principal')).toMatchObject({ id: tenantPrincipal.id, fieldName: '委托方', display: false, required: false });
    expect(byKey.get('owner')).toMatchObject({ id: companyOwner.id, display: false, required: false });
    expect(byKey.get('owner')!.id).not.toBe(tenantOwner.id);
    expect(byKey.get('buildNo')).toMatchObject({ id: null, display: true, required: false });
    expect(byKey.get('cardAddress')).toMatchObject({ id: null, required: false });

    const other = (await get(otherAdmin, '/api/eval-field/list').expect(200)).body.data as typeof fields;
    const otherByKey = new Map(other.map((f) => [f.fieldKey, f]));
    expect(otherByKey.get('cardAddress')).toMatchObject({ display: true, required: true });
    // Stored as hidden and required: a field the form does not show cannot be required.
    expect(otherByKey.get('face')).toMatchObject({ display: false, required: false });
    expect(otherByKey.get('owner')).toMatchObject({ id: null, display: true, required: false });
    expect(otherByKey.get('principal')).toMatchObject({ id: null, display: true });
  });
});
