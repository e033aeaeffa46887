import { demoLogoPng, EARTH_RADIUS_M, fromWgs84, haversineMetres, toWgs84, type CoordType, type GeoPoint } from '@valuation/core';
import { CommunityEntity, MarketCaseEntity, PoiEntity, PriceIndexEntity, type PoiCategory } from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { startTestApi, type TestApi } from './test-api';

const M_PER_DEG = (Math.PI * EARTH_RADIUS_M) / 180;

/** The point `north` and `east` metres from p. */
const offset = (p: GeoPoint, north: number, east: number): GeoPoint => ({
  lat: p.lat + north / M_PER_DEG,
  lon: p.lon + east / (M_PER_DEG * Math.cos((p.lat * Math.PI) / 180)),
});

const parseLonLat = (s: string): GeoPoint => {
  const [lon, lat] = s.split(',').map(Number);
  return { lon, lat };
};

/** A constructed market in Beijing (110100) around one centre, WGS84. */
const CENTRE: GeoPoint = { lon: 116.46, lat: 39.92 };
const AT = {
  sunGarden: offset(CENTRE, 0, 100),
  sunHome: offset(CENTRE, 300, 0),
  business: offset(CENTRE, -400, -200),
  farHill: offset(CENTRE, 0, 900),
  eastSun: offset(CENTRE, 3000, 3000),
  haidian: { lon: 116.3, lat: 39.98 },
};

describe('community market data', () => {
  let t: TestApi;
  let token: string;
  let garden: CommunityEntity;

  /** Every call carries the timestamp the web client adds; it is ignored. */
  const get = (path: string, query: Record<string, string | number> = {}) =>
    t
      .http()
      .get(path)
      .query({ ...query, timestamp: Date.now() })
      .set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await startTestApi();
    token = await t.login('user', 'demouser');
    const logo = demoLogoPng();
    await t.app.get(ObjectStorage).put('community/TMK001.png', logo, logo.length, 'image/png');

    const communities = t.ds.getRepository(CommunityEntity);
    const community = (haCode: string, name: string, at: GeoPoint, extra: Partial<CommunityEntity> = {}) =>
      communities.create({
        haCode,
        name,
        cityCode: '110100',
        distCode: '110105',
        address: '',
        lat: at.lat,
        lon: at.lon,
        propTypes: '11',
        source: 'test',
        ...extra,
      });
    const saved = await communities.save([
      community('TMK001', '阳光花园', AT.sunGarden, {
        address: '北京市朝阳区阳光路1号',
        streetName: '阳光路',
        streetNo: '1号',
        buildYear: 2005,
        bldgType: '13',
        volumeRate: '2.50',
        greeningRate: '35.00',
        constArea: '120000.00',
        groundArea: '48000.00',
        landuse: '住宅用地',
        developer: '阳光地产',
        propertyManager: '阳光物业',
        parking: [
          { type: '地下', qnt: 800 },
          { type: '地上', qnt: 120 },
        ],
        households: 1200,
        imageKey: 'community/TMK001.png',
      }),
      community('TMK002', '阳光家园', AT.sunHome, {
        address: '北京市朝阳区阳光路9号',
        streetName: '阳光路',
        streetNo: '9号',
        propTypes: '11,22',
      }),
      community('TMK003', '翠湖商务中心', AT.business, { address: '北京市朝阳区翠湖街2号', propTypes: '21,22' }),
      community('TMK004', '远山小区', AT.farHill, { address: '北京市朝阳区远山路3号', buildYear: 2024 }),
      community('TMK005', '东方阳光公寓', AT.eastSun, { address: '北京市朝阳区东方路5号' }),
      community('TMK006', '书香苑', AT.haidian, { distCode: '110108', address: '北京市海淀区书香路8号' }),
      community(
        'TMK007',
        '阳光花园',
        { lon: 121.47, lat: 31.23 },
        { cityCode: '310100', distCode: '310101', address: '上海市黄浦区阳光路' },
      ),
    ]);
    garden = saved[0];

    let seq = 0;
    const sale = (
      month: string,
      rooms: number,
      unitPrice: number,
      buildYear: number | null = 2005,
      tradeType = 1,
      communityId = garden.id,
    ) =>
      t.ds.getRepository(MarketCaseEntity).create({
        caseKey: `test-${++seq}`,
        communityId,
        cityCode: '110100',
        distCode: '110105',
        tradeType,
        propType: 11,
        area: '100.00',
        rooms,
        buildYear,
        totalPrice: String(unitPrice * 100),
        unitPrice: String(unitPrice),
        caseDate: `${month}-01`,
        source: 'test',
      });
    await t.ds
      .getRepository(MarketCaseEntity)
      .save([
        sale('2024-01', 2, 60000),
        sale('2024-01', 3, 62000),
        sale('2024-02', 1, 58000),
        sale('2024-03', 2, 61000),
        sale('2024-03', 16, 70000),
        sale('2024-05', 2, 63000, 2023),
        sale('2024-06', 3, 64000),
        sale('2024-06', 2, 62000),
        sale('2018-06', 4, 40000),
        sale('2024-06', 2, 100, 2005, 2),
        sale('2024-05', 1, 110, 2005, 2),
        sale('2024-06', 2, 50000, null, 1, saved[3].id),
      ]);

    const index = (scope: 'community' | 'city', scopeCode: string, tradeType: number, month: string, price: number, caseCount = 3) =>
      t.ds.getRepository(PriceIndexEntity).create({
        scope,
        scopeCode,
        tradeType,
        propType: 11,
        month: `${month}-01`,
        avgUnitPrice: String(price),
        medianUnitPrice: String(price),
        caseCount,
      });
    await t.ds
      .getRepository(PriceIndexEntity)
      .save([
        index('community', 'TMK001', 1, '2022-05', 54000),
        index('community', 'TMK001', 1, '2022-06', 55000),
        index('community', 'TMK001', 1, '2022-07', 55550),
        index('community', 'TMK001', 1, '2024-01', 60000, 2),
        index('community', 'TMK001', 1, '2024-02', 61200, 1),
        index('community', 'TMK001', 1, '2024-03', 60588, 2),
        index('community', 'TMK001', 1, '2024-05', 62000, 1),
        index('community', 'TMK001', 1, '2024-06', 62620, 2),
        index('community', 'TMK001', 2, '2024-05', 100),
        index('community', 'TMK001', 2, '2024-06', 105),
        index('community', 'TMK002', 1, '2024-06', 58000),
        index('city', '110100', 1, '2024-05', 58000),
        index('city', '110100', 1, '2024-06', 59160),
        index('city', '110100', 2, '2024-06', 95.5),
      ]);

    const poi = (key: string, category: PoiCategory, name: string, at: GeoPoint, routes: string[] = []) =>
      t.ds
        .getRepository(PoiEntity)
        .create({ poiKey: key, cityCode: '110100', category, subType: 'x', name, lat: at.lat, lon: at.lon, routes, source: 'test' });
    await t.ds
      .getRepository(PoiEntity)
      .save([
        poi('p1', 'transport', '阳光路地铁站', offset(AT.sunGarden, 0, 200), ['1号线', '14号线']),
        poi('p2', 'transport', '阳光路南公交站', offset(AT.sunGarden, -100, 0), ['特8路']),
        poi('p3', 'education', '阳光小学', offset(AT.sunGarden, 300, -300)),
        poi('p4', 'education', '西边幼儿园', offset(AT.sunGarden, 0, -950)),
        poi('p5', 'education', '更远幼儿园', offset(AT.sunGarden, 0, -1050)),
        poi('p6', 'medical', '朝阳医院', offset(AT.sunGarden, -500, 500)),
        poi('p7', 'medical', '远处医院', offset(AT.sunGarden, 2000, 0)),
      ]);
  });
  afterAll(() => t.close());

  describe('filter', () => {
    it('finds communities of the city by name, prefixes first, in the caller datum', async () => {
      const { body } = await get('/api/community/filter', { city: '110100', name: '阳光' }).expect(200);
      expect(body.code).toBe(200);
      const names = body.data.position.map((p: { haName: string }) => p.haName);
      expect(names.slice(0, 2).sort()).toEqual(['阳光家园', '阳光花园']);
      expect(names[2]).toBe('东方阳光公寓');
      expect(names).toHaveLength(3);
      const first = body.data.position.find((p: { haCode: string }) => p.haCode === 'TMK001');
      expect(first).toMatchObject({ haName: '阳光花园', cityName: '北京市', distName: '朝阳区', mainStreet: '北京市朝阳区阳光路1号' });
      const bd = fromWgs84(AT.sunGarden, 'bd09ll');
      expect(first.lon).toBeCloseTo(bd.lon, 6);
      expect(first.lat).toBeCloseTo(bd.lat, 6);
      const best = body.data.position[0];
      expect(body.data.location).toBe(`${best.lon.toFixed(6)},${best.lat.toFixed(6)}`);
    });

    it('puts the exact name first, accepts a city name, and matches addresses and near misses', async () => {
      const exact = await get('/api/community/filter', { city: '北京', name: '阳光家园' }).expect(200);
      expect(exact.body.data.position[0].haCode).toBe('TMK002');
      const address = await get('/api/community/filter', { city: '北京市', name: '书香路' }).expect(200);
      expect(address.body.data.position.map((p: { haCode: string }) => p.haCode)).toEqual(['TMK006']);
      const typo = await get('/api/community/filter', { city: '110100', name: '阳光花圆' }).expect(200);
      expect(typo.body.data.position[0].haCode).toBe('TMK001');
      const wgs = await get('/api/community/filter', { city: '110100', name: '书香苑', coordtype: 'wgs84' }).expect(200);
      expect(wgs.body.data.position[0]).toMatchObject({ lon: AT.haidian.lon, lat: AT.haidian.lat, distName: '海淀区' });
    });

    it('filters by district code or name', async () => {
      const byName = await get('/api/community/filter', { city: '110100', dist: '海淀区', name: '书香' }).expect(200);
      expect(byName.body.data.position.map((p: { haCode: string }) => p.haCode)).toEqual(['TMK006']);
      const other = await get('/api/community/filter', { city: '110100', dist: '110108', name: '阳光' });
      expect(other.status).toBe(402);
    });

    it('answers 402 when nothing matches, and treats LIKE wildcards literally', async () => {
      const none = await get('/api/community/filter', { city: '110100', name: '不存在的小区' });
      expect(none.status).toBe(402);
      expect(none.body).toEqual({ code: 402, message: '未获取到相关小区信息！', data: null });
      expect((await get('/api/community/filter', { city: '110100', name: '%_' })).status).toBe(402);
      expect((await get('/api/community/filter', { city: '310100', name: '阳光家园' })).status).toBe(402);
    });
  });

  describe('validation', () => {
    it.each([
      ['/api/community/filter', { city: '110100', name: '阳' }, '请输入小区名称'],
      ['/api/community/filter', { city: '110100', name: ' ' }, '请输入小区名称'],
      ['/api/community/filter', { city: '110100' }, '请输入小区名称'],
      ['/api/community/filter', { name: '阳光' }, '未获取到城市信息，请刷新重新定位或选择城市！'],
      ['/api/community/filter', { city: '火星', name: '阳光' }, '未获取到城市信息，请刷新重新定位或选择城市！'],
      ['/api/community/filter', { city: '110100', name: '阳光', coordtype: 'bd09mc' }, '坐标类型只能为bd09ll、gcj02或wgs84'],
      ['/api/community/list', { city: '110100', lat: 'abc', lon: '116.4' }, '请输入正确的纬度'],
      ['/api/community/list', { city: '110100', lat: '39.9', lon: '200' }, '请输入正确的经度'],
      ['/api/community/list', { city: '110100', lat: '39.9', lon: '116.4', limit: '51' }, '返回条数只能为1至50'],
      ['/api/community/list', { city: '110100', lat: '39.9', lon: '116.4', distance: '0' }, '查询半径只能为1至5000米'],
      ['/api/community/list', { city: '110100', lat: '39.9', lon: '116.4', propType: '77' }, '物业类型不正确'],
      ['/api/community/price', { city: '110100', ha: 'TMK001', tradeType: 'forsale' }, '交易类型不正确'],
      ['/api/community/price', { city: '110100' }, '请选择小区'],
      ['/api/community/analysis', { city: '110100', ha: 'TMK001', sinceYear: '0' }, '统计年限只能为1至20年'],
      ['/api/community/analysis', { city: '110100', ha: 'TMK001', statType: 'sum' }, '统计类型不正确'],
      ['/api/community/analysis', { city: '110100', ha: 'TMK001', statKey: 'rate' }, '统计项不正确'],
      ['/api/community/br', { city: '110100', ha: 'TMK001', statKey: 'avg' }, '统计项不正确'],
      ['/api/community/gpstoha', { city: '110100', lat: '39.9' }, '请输入正确的经度'],
    ])('%s %o answers 400 %s', async (path, query, message) => {
      const res = await get(path, query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message });
    });

    it('answers 400, not 500, for a repeated parameter, and 404 for an unknown community', async () => {
      const repeated = await t
        .http()
        .get('/api/community/detail?city=110100&city=310100&ha=TMK001')
        .set('Authorization', `Bearer ${token}`);
      expect(repeated.status).toBe(400);
      const missing = await get('/api/community/detail', { city: '110100', ha: 'NOPE' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('未获取到相关小区信息！');
      expect((await get('/api/community/detail', { city: '310100', ha: 'TMK001' })).status).toBe(404);
    });

    it('needs a logged-in user', async () => {
      expect((await t.http().get('/api/community/detail').query({ city: '110100', ha: 'TMK001' })).status).toBe(401);
    });
  });

  it('answers the 24-month price history with month-on-month change', async () => {
    const { body } = await get('/api/community/price', { city: '110100', ha: 'TMK001', propType: 11 }).expect(200);
    expect(body.data.saleHistory).toEqual([
      { month: '2022-07', price: 55550, priceLink: 1 },
      { month: '2024-01', price: 60000, priceLink: null },
      { month: '2024-02', price: 61200, priceLink: 2 },
      { month: '2024-03', price: 60588, priceLink: -1 },
      { month: '2024-05', price: 62000, priceLink: null },
      { month: '2024-06', price: 62620, priceLink: 1 },
    ]);
    expect(body.data.leaseHistory).toEqual([
      { month: '2024-05', price: 100, priceLink: null },
      { month: '2024-06', price: 105, priceLink: 5 },
    ]);
    const leaseOnly = await get('/api/community/price', { city: '北京', ha: 'TMK001', tradeType: 'lease_history' }).expect(200);
    expect(leaseOnly.body.data).toEqual({ saleHistory: [], leaseHistory: body.data.leaseHistory });
    const office = await get('/api/community/price', { city: '110100', ha: 'TMK001', propType: 21 }).expect(200);
    expect(office.body.data).toEqual({ saleHistory: [], leaseHistory: [] });
  });

  describe('statistics', () => {
    const base = { city: '110100', ha: 'TMK001' };

    it('gives monthly prices and counts from the index, and new-home and room series from the cases', async () => {
      const price = await get('/api/community/analysis', { ...base, tradeType: 'forsale', sinceYear: 2, statType: 'price' }).expect(200);
      expect(price.body.data.rows).toEqual([
        { month: '2022-07', data: 55550 },
        { month: '2024-01', data: 60000 },
        { month: '2024-02', data: 61200 },
        { month: '2024-03', data: 60588 },
        { month: '2024-05', data: 62000 },
        { month: '2024-06', data: 62620 },
      ]);
      const count = await get('/api/community/analysis', { ...base, statType: 'count', sinceYear: 1 }).expect(200);
      expect(count.body.data.rows).toEqual([
        { month: '2024-01', data: 2 },
        { month: '2024-02', data: 1 },
        { month: '2024-03', data: 2 },
        { month: '2024-05', data: 1 },
        { month: '2024-06', data: 2 },
      ]);
      const newHomes = await get('/api/community/analysis', { ...base, tradeType: 'newha' }).expect(200);
      expect(newHomes.body.data.rows).toEqual([{ month: '2024-05', data: 63000 }]);
      const newCommunity = await get('/api/community/analysis', {
        city: '110100',
        ha: 'TMK004',
        tradeType: 'newha',
        statType: 'count',
      }).expect(200);
      expect(newCommunity.body.data.rows).toEqual([{ month: '2024-06', data: 1 }]);
      const twoRooms = await get('/api/community/analysis', { ...base, statType: 'count', statKey: 2 }).expect(200);
      expect(twoRooms.body.data.rows).toEqual([
        { month: '2024-01', data: 1 },
        { month: '2024-03', data: 1 },
        { month: '2024-05', data: 1 },
        { month: '2024-06', data: 1 },
      ]);
      const lease = await get('/api/community/analysis', { ...base, tradeType: 'lease' }).expect(200);
      expect(lease.body.data.rows).toEqual([
        { month: '2024-05', data: 100 },
        { month: '2024-06', data: 105 },
      ]);
    });

    it('builds the price distribution of the last five years with round steps', async () => {
      const { body } = await get('/api/community/dist', base).expect(200);
      expect(body.data).toEqual({
        stepSize: 2000,
        rows: [
          { step: 58000, data: 1 },
          { step: 60000, data: 2 },
          { step: 62000, data: 3 },
          { step: 64000, data: 1 },
          { step: 66000, data: 0 },
          { step: 68000, data: 1 },
        ],
      });
      const tenYears = await get('/api/community/dist', { ...base, sinceYear: 10 }).expect(200);
      expect(tenYears.body.data.rows.reduce((s: number, r: { data: number }) => s + r.data, 0)).toBe(9);
      const empty = await get('/api/community/dist', { ...base, propType: 22 }).expect(200);
      expect(empty.body.data).toEqual({ rows: [], stepSize: 0 });
    });

    it('gives the room-type ratio and price by room count, 15 standing for 15 or more', async () => {
      const rate = await get('/api/community/br', { ...base, statKey: 'rate' }).expect(200);
      expect(rate.body.data.rows).toEqual([
        { br: 1, data: 12.5 },
        { br: 2, data: 50 },
        { br: 3, data: 25 },
        { br: 15, data: 12.5 },
      ]);
      const price = await get('/api/community/br', { ...base, statKey: 'price' }).expect(200);
      expect(price.body.data.rows).toEqual([
        { br: 1, data: 58000 },
        { br: 2, data: 61500 },
        { br: 3, data: 63000 },
        { br: 15, data: 70000 },
      ]);
      const withOld = await get('/api/community/br', { ...base, sinceYear: 10 }).expect(200);
      expect(withOld.body.data.rows.map((r: { br: number }) => r.br)).toEqual([1, 2, 3, 4, 15]);
    });
  });

  describe('nearby communities', () => {
    const centreIn = (type: CoordType) => fromWgs84(CENTRE, type);
    const list = (query: Record<string, string | number>) => get('/api/community/list', { city: '110100', ...query }).expect(200);

    it('lists the communities of the property type within 500 m by default, nearest first', async () => {
      const c = centreIn('bd09ll');
      const { body } = await list({ lat: c.lat, lon: c.lon });
      const items = body.data.items;
      expect(items.map((i: { haCode: string }) => i.haCode)).toEqual(['TMK001', 'TMK002']);
      expect(Math.abs(items[0].distance - 100)).toBeLessThanOrEqual(1);
      expect(Math.abs(items[1].distance - 300)).toBeLessThanOrEqual(1);
      expect(items[0]).toMatchObject({
        haName: '阳光花园',
        price: 62620,
        leasePrice: 105,
        distName: '朝阳区',
        address: '北京市朝阳区阳光路1号',
        imageUrl: '/api/community/image?ha=TMK001',
        direction: '东',
        haPropType: '11',
        bldgtype: '高层',
      });
      expect(items[1]).toMatchObject({ price: 58000, leasePrice: null, imageUrl: '', direction: '北' });
    });

    it('widens with distance, cuts at limit, and filters by property type', async () => {
      const c = centreIn('bd09ll');
      const wide = await list({ lat: c.lat, lon: c.lon, distance: 1000 });
      expect(wide.body.data.items.map((i: { haCode: string }) => i.haCode)).toEqual(['TMK001', 'TMK002', 'TMK004']);
      const cut = await list({ lat: c.lat, lon: c.lon, distance: 1000, limit: 2 });
      expect(cut.body.data.items.map((i: { haCode: string }) => i.haCode)).toEqual(['TMK001', 'TMK002']);
      const shops = await list({ lat: c.lat, lon: c.lon, distance: 1000, proptype: 22 });
      expect(shops.body.data.items.map((i: { haCode: string }) => i.haCode)).toEqual(['TMK002', 'TMK003']);
      const farAway = await list({ lat: 40.5, lon: 117.5, distance: 5000 });
      expect(farAway.body.data.items).toEqual([]);
    });

    it.each<CoordType>(['bd09ll', 'gcj02', 'wgs84'])('answers locations in %s that convert back within a metre', async (type) => {
      const c = centreIn(type);
      const { body } = await list({ lat: c.lat, lon: c.lon, coordtype: type });
      expect(body.data.items.map((i: { haCode: string }) => i.haCode)).toEqual(['TMK001', 'TMK002']);
      const back = toWgs84(parseLonLat(body.data.items[0].location), type);
      expect(haversineMetres(back, AT.sunGarden)).toBeLessThan(1);
    });

    it('finds the communities within 300 m of a point', async () => {
      const p = fromWgs84(offset(AT.sunHome, 50, 0), 'gcj02');
      const { body } = await get('/api/community/gpstoha', { city: '110100', coordType: 'gcj02', lng: p.lon, lat: p.lat }).expect(200);
      expect(body.data.items).toEqual([
        { haCode: 'TMK002', haName: '阳光家园', distName: '朝阳区', streetName: '阳光路', streetNo: '9号' },
      ]);
      const between = fromWgs84(offset(CENTRE, 150, 50), 'bd09ll');
      const both = await get('/api/community/gpstoha', { city: '北京', lng: between.lon, lat: between.lat }).expect(200);
      expect(both.body.data.items.map((i: { haCode: string }) => i.haCode).sort()).toEqual(['TMK001', 'TMK002']);
    });
  });

  it('locates the city of a point from the nearest community, and says so when nothing is near', async () => {
    const p = fromWgs84(offset(AT.sunGarden, 2000, 2000), 'bd09ll');
    const { body } = await get('/api/region/locate', { lng: p.lon, lat: p.lat }).expect(200);
    expect(body.data).toEqual({ regionName: '北京', regionCode: '110100' });
    const sea = await get('/api/region/locate', { lng: 150, lat: 10, coordtype: 'wgs84' });
    expect(sea.status).toBe(404);
    expect(sea.body).toMatchObject({ code: 404, message: '定位失败' });
    const bad = await get('/api/region/locate', { lat: 39.9 });
    expect(bad.status).toBe(400);
    const staff = await t.login('tenant', 'channeladmin');
    const asStaff = await t
      .http()
      .get('/api/region/locate')
      .query({ lng: p.lon, lat: p.lat })
      .set('Authorization', `Bearer ${staff}`)
      .expect(200);
    expect(asStaff.body.data).toEqual({ regionName: '北京', regionCode: '110100' });
    expect((await t.http().get('/api/region/locate').query({ lng: p.lon, lat: p.lat })).status).toBe(401);
  });

  it('describes a community with its latest prices and a bd09ll location', async () => {
    const { body } = await get('/api/community/detail', { city: '110100', ha: 'TMK001' }).expect(200);
    const d = body.data;
    expect(d).toMatchObject({
      haCode: 'TMK001',
      haName: '阳光花园',
      cityName: '北京市',
      imageUrl: '/api/community/image?ha=TMK001',
      price: 62620,
      priceRise: 1,
      leasePrice: 105,
      leasePriceRise: 5,
      priceMonth: '2024-06',
      buildyear: 2005,
      haClName: '住宅',
      protoType: '11',
      bldgType: '高层',
      carItem: [
        { type: '地下', qnt: 800 },
        { type: '地上', qnt: 120 },
      ],
      constArea: 120000,
      groundArea: 48000,
      greeningRate: 35,
      volumeRate: 2.5,
      landuse: '住宅用地',
      devCoName: '阳光地产',
      cos: { coAddr: '北京市朝阳区阳光路1号' },
      wyCoName: '阳光物业',
      households: 1200,
      distName: '朝阳区',
      streetName: '阳光路',
      streetNo: '1号',
    });
    expect(haversineMetres(toWgs84(parseLonLat(d.bdlocation), 'bd09ll'), AT.sunGarden)).toBeLessThan(1);
    const image = await t.http().get(`${d.imageUrl}&Authorization=${token}`).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, demoLogoPng())).toBe(0);
    expect((await get('/api/community/image', { ha: 'TMK002' })).status).toBe(404);

    const bare = await get('/api/community/detail', { city: '110100', ha: 'TMK004' }).expect(200);
    expect(bare.body.data).toMatchObject({
      price: null,
      priceRise: null,
      leasePrice: null,
      imageUrl: '',
      carItem: [],
      constArea: null,
      bldgType: '',
    });
  });

  it("answers the city's latest averages for the reference price", async () => {
    const expected = { price: 59160, priceRise: 2, leasePrice: 95.5, leasePriceRise: null, month: '2024-06' };
    const byCode = await get('/api/community/local-market', { city: '110100', tradeType: 'forsale', propType: 11, businessId: 1 }).expect(
      200,
    );
    expect(byCode.body.data).toEqual({ result: expected });
    for (const city of ['北京', '北京市', 'beijing', '110000', '110105']) {
      expect((await get('/api/community/local-market', { city }).expect(200)).body.data).toEqual({ result: expected });
    }
    const none = await get('/api/community/local-market', { city: '310100' }).expect(200);
    expect(none.body.data.result).toEqual({ price: null, priceRise: null, leasePrice: null, leasePriceRise: null, month: null });
  });

  it('lists transport, education and medical points within 1 km with directions, nearest first', async () => {
    const { body } = await get('/api/community/around', { city: '110100', ha: 'TMK001' }).expect(200);
    type Poi = { name: string; direction: string; distance: number; routes?: { routeName: string }[] };
    const shape = (list: Poi[]) => list.map(({ distance, ...rest }) => ({ ...rest, metres: Math.round(distance / 10) * 10 }));
    expect(shape(body.data.transport)).toEqual([
      { name: '阳光路南公交站', direction: '南', metres: 100, routes: [{ routeName: '特8路' }] },
      { name: '阳光路地铁站', direction: '东', metres: 200, routes: [{ routeName: '1号线' }, { routeName: '14号线' }] },
    ]);
    expect(shape(body.data.education)).toEqual([
      { name: '阳光小学', direction: '西北', metres: 420 },
      { name: '西边幼儿园', direction: '西', metres: 950 },
    ]);
    expect(shape(body.data.medical)).toEqual([{ name: '朝阳医院', direction: '东南', metres: 710 }]);
    for (const p of [...body.data.transport, ...body.data.education, ...body.data.medical] as Poi[])
      expect(Number.isInteger(p.distance)).toBe(true);
    const empty = await get('/api/community/around', { city: '110100', ha: 'TMK006' }).expect(200);
    expect(empty.body.data).toEqual({ transport: [], education: [], medical: [] });
  });
});
