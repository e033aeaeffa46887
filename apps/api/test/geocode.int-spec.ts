import { DEMO_PASSWORD, EARTH_RADIUS_M, haversineMetres, hashPassword, toWgs84, type GeoPoint } from '@valuation/core';
import { AccountEntity, AccountRoleEntity, CommunityEntity, PoiEntity, RoleEntity, RolePermissionEntity } from '@valuation/persistence';
import { GeoMsg, Msg, Perm, UserType } from '@valuation/domain';
import type { GeocodeResult } from '@valuation/contracts';
import { startTestApi, type TestApi } from './test-api';

const M_PER_DEG = (Math.PI * EARTH_RADIUS_M) / 180;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The point `north` and `east` metres from p, to the six decimals the API answers. */
const offset = (p: GeoPoint, north: number, east: number): GeoPoint => ({
  lat: round6(p.lat + north / M_PER_DEG),
  lon: round6(p.lon + east / (M_PER_DEG * Math.cos((p.lat * Math.PI) / 180))),
});

/** Beijing 海淀区 around 紫竹院, 朝阳区 at 望京, and Shanghai 黄浦区. WGS84. */
const ZIZHU = { lat: 39.944, lon: 116.289 };
const AT = {
  no150: ZIZHU,
  no230: offset(ZIZHU, 400, 0),
  no300: offset(ZIZHU, 800, 100),
  cuiwei: { lat: 39.907, lon: 116.295 },
  wangjing: { lat: 39.996, lon: 116.47 },
  hospital: { lat: 39.99, lon: 116.3 },
  bund: { lat: 31.232, lon: 121.475 },
  shHospital: { lat: 31.24, lon: 121.48 },
};

describe('address geocoding (GET /api/geo/geocode)', () => {
  let t: TestApi;
  let token: string;

  const geocode = (query: Record<string, string>, as = token) =>
    t
      .http()
      .get('/api/geo/geocode')
      .query({ ...query, timestamp: Date.now() })
      .set('Authorization', `Bearer ${as}`);

  /** The answer for an address in Beijing, in WGS84. */
  const found = async (address: string, cityCode = '110100'): Promise<GeocodeResult | null> => {
    const res = await geocode({ cityCode, address, coordtype: 'wgs84' }).expect(200);
    expect(res.body.code).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestApi();
    token = await t.login('user', 'demouser');
    const communities = t.ds.getRepository(CommunityEntity);
    const community = (haCode: string, name: string, at: GeoPoint, extra: Partial<CommunityEntity>) =>
      communities.create({
        haCode,
        name,
        cityCode: '110100',
        distCode: '110108',
        lat: at.lat,
        lon: at.lon,
        propTypes: '11',
        source: 'test',
        ...extra,
      });
    const onZizhu = (no: string) => ({ address: `海淀区紫竹院路${no}号`, streetName: '紫竹院路', streetNo: no, areaName: '紫竹桥' });
    await communities.save([
      community('GEO001', '紫竹苑', AT.no150, onZizhu('150')),
      community('GEO002', '紫竹雅居', AT.no230, onZizhu('230')),
      community('GEO003', '紫竹新村', AT.no300, onZizhu('300')),
      community('GEO004', '翠微花园', AT.cuiwei, { address: '海淀区复兴路50号', streetName: '复兴路', streetNo: '50', areaName: '公主坟' }),
      community('GEO005', '望京花园', AT.wangjing, {
        distCode: '110105',
        address: '朝阳区望京街10号',
        streetName: '望京街',
        streetNo: '10',
        areaName: '望京',
      }),
      community('GEO006', '外滩花园', AT.bund, {
        cityCode: '310100',
        distCode: '310101',
        address: '黄浦区南京西路100号',
        streetName: '南京西路',
        streetNo: '100',
        areaName: '人民广场',
      }),
    ]);
    const pois = t.ds.getRepository(PoiEntity);
    await pois.save([
      pois.create({
        poiKey: 'geo:h1',
        cityCode: '110100',
        category: 'medical',
        subType: 'hospital',
        name: '北京市海淀医院',
        ...AT.hospital,
        source: 'test',
      }),
      pois.create({
        poiKey: 'geo:h2',
        cityCode: '310100',
        category: 'medical',
        subType: 'hospital',
        name: '上海市第一人民医院',
        ...AT.shHospital,
        source: 'test',
      }),
    ]);
  });

  afterAll(async () => {
    await t.close();
  });

  it('finds a community by its name', async () => {
    expect(await found('翠微花园')).toEqual({ ...AT.cuiwei, level: 'community', label: '翠微花园', address: '海淀区复兴路50号' });
  });

  it('finds a community by its address, written with city, district and full-width digits', async () => {
    expect(await found('北京市海淀区紫竹院路２３０号')).toMatchObject({ ...AT.no230, level: 'community', label: '紫竹雅居' });
  });

  it('places a house number between the nearest numbers of its road', async () => {
    const result = (await found('紫竹院路191号'))!;
    expect(result).toMatchObject({ level: 'street_no', label: '紫竹院路（门牌191号附近）', address: '海淀区紫竹院路191号' });
    const nearest = Math.min(...[AT.no150, AT.no230, AT.no300].map((p) => haversineMetres(result, p)));
    expect(nearest).toBeLessThan(1000);
    // 191 is about half way from 150 to 230, which are 400 m apart.
    expect(haversineMetres(result, AT.no150)).toBeGreaterThan(150);
    expect(haversineMetres(result, AT.no230)).toBeGreaterThan(150);
  });

  it('answers in bd09ll when no datum is named', async () => {
    const res = await geocode({ cityCode: '110100', address: '翠微花园' }).expect(200);
    const wgs = toWgs84({ lon: res.body.data.lon, lat: res.body.data.lat }, 'bd09ll');
    expect(haversineMetres(wgs, AT.cuiwei)).toBeLessThan(5);
    expect(haversineMetres({ lon: res.body.data.lon, lat: res.body.data.lat }, AT.cuiwei)).toBeGreaterThan(300);
  });

  it('places a road without a number at the centre of its communities', async () => {
    const result = (await found('海淀区紫竹院路'))!;
    expect(result).toMatchObject({ level: 'street', label: '紫竹院路', address: '海淀区紫竹院路' });
    expect(haversineMetres(result, AT.no230)).toBeLessThan(100);
  });

  it('finds a point of interest and a business area by name', async () => {
    expect(await found('北京市海淀医院')).toMatchObject({ ...AT.hospital, level: 'poi', label: '北京市海淀医院' });
    expect(await found('望京')).toMatchObject({ ...AT.wangjing, level: 'area', label: '望京（商圈）', address: '朝阳区望京' });
  });

  it('falls back to the district an address names', async () => {
    expect(await found('北京市朝阳区')).toMatchObject({ ...AT.wangjing, level: 'district', label: '朝阳区', address: '北京市朝阳区' });
    expect(await found('朝阳区不存在路8号')).toMatchObject({ level: 'district', label: '朝阳区' });
  });

  it('answers null for an address it cannot place', async () => {
    expect(await found('火星基地999号')).toBeNull();
    expect(await found('北京市')).toBeNull();
  });

  it('never answers with another city’s communities or points of interest', async () => {
    for (const address of ['外滩花园', '南京西路100号', '南京西路', '上海市第一人民医院', '人民广场']) {
      expect(await found(address)).toBeNull();
    }
    expect(await found('外滩花园', '310100')).toMatchObject({ ...AT.bund, level: 'community' });
    expect(await found('翠微花园', '310100')).toBeNull();
  });

  it('refuses bad input with the message', async () => {
    const refused = async (query: Record<string, string>) => {
      const res = await geocode(query).expect(400);
      expect(res.body.code).toBe(400);
      return res.body.message;
    };
    expect(await refused({ cityCode: '110100' })).toBe(GeoMsg.addressRequired);
    expect(await refused({ cityCode: '110100', address: '   ' })).toBe(GeoMsg.addressRequired);
    expect(await refused({ cityCode: '110100', address: '路'.repeat(101) })).toBe(GeoMsg.addressTooLong);
    expect(await refused({ address: '翠微花园' })).toBe(GeoMsg.cityRequired);
    expect(await refused({ cityCode: '999999', address: '翠微花园' })).toBe(GeoMsg.cityRequired);
    expect(await refused({ cityCode: '110100', address: '翠微花园', coordtype: 'mercator' })).toBe('坐标类型只能为bd09ll、gcj02或wgs84');
  });

  it('needs the map positioning permission', async () => {
    const holder = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' });
    const role = await t.ds.getRepository(RoleEntity).save({
      tenantId: holder.tenantId,
      kind: 'customer',
      companyId: holder.companyId,
      code: '3901',
      name: '无地图定位',
      remark: null,
    });
    await t.ds
      .getRepository(RolePermissionEntity)
      .save([Perm.quickValuation, Perm.manualEnquiry].map((permissionId) => ({ roleId: role.id, permissionId })));
    const account = await t.ds.getRepository(AccountEntity).save({
      tenantId: holder.tenantId,
      organizationId: holder.organizationId,
      companyId: holder.companyId,
      loginUser: 'no_map_user',
      userName: 'no_map_user',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      email: null,
      mobilePhone: '13900009901',
      userType: UserType.Enterprise,
      status: 0,
      expireDate: null,
    });
    await t.ds.getRepository(AccountRoleEntity).save({ accountId: account.id, roleId: role.id });
    const res = await geocode({ cityCode: '110100', address: '翠微花园' }, await t.login('user', 'no_map_user')).expect(403);
    expect(res.body).toMatchObject({ code: 403, message: Msg.forbidden });
    await t.http().get('/api/geo/geocode').query({ cityCode: '110100', address: '翠微花园' }).expect(401);
  });
});
