import { DEMO_CITIES } from './demo-cities.data';
import { chineseNumber, cityIndex, featureFactor, generateDemoMarket, monthsUpTo, type DemoCase } from './demo-market.generator';
import { seededRandom } from './seeded-random';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

describe('seededRandom', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = seededRandom('x');
    const b = seededRandom('x');
    const c = seededRandom('y');
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('draws normals with mean 0 and deviation 1', () => {
    const rng = seededRandom(42);
    const draws = Array.from({ length: 20000 }, () => rng.normal());
    const mean = draws.reduce((s, x) => s + x, 0) / draws.length;
    const sd = Math.sqrt(draws.reduce((s, x) => s + (x - mean) ** 2, 0) / draws.length);
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(sd - 1)).toBeLessThan(0.03);
  });
});

describe('demo market price model', () => {
  it('lists the months up to asOf, oldest first, across years', () => {
    expect(monthsUpTo('2025-02', 4)).toEqual(['2024-11-01', '2024-12-01', '2025-01-01', '2025-02-01']);
    expect(monthsUpTo('2025-06', 60)[0]).toBe('2020-07-01');
  });

  it('writes school numbers in Chinese', () => {
    expect([1, 10, 15, 20, 80, 101, 110, 115, 180].map(chineseNumber)).toEqual([
      '一',
      '十',
      '十五',
      '二十',
      '八十',
      '一百零一',
      '一百一十',
      '一百一十五',
      '一百八十',
    ]);
  });

  it('rises to the peak and declines to the end of each city trend', () => {
    const beijing = DEMO_CITIES[0];
    expect(cityIndex(beijing, 0, 60)).toBeCloseTo(beijing.trend.start, 6);
    expect(cityIndex(beijing, beijing.trend.peakMonth, 60)).toBeCloseTo(1, 6);
    expect(cityIndex(beijing, 59, 60)).toBeCloseTo(beijing.trend.end, 6);
    expect(cityIndex(beijing, 30, 60)).toBeLessThan(1);
    expect(cityIndex(beijing, 30, 60)).toBeGreaterThan(beijing.trend.end);
  });

  it('prices the features the engine uses in the expected directions', () => {
    const base = { area: 90, floor: 10, totalFloors: 20, face: '9', intDeco: '4' };
    expect(featureFactor({ ...base, area: 50 }, 1)).toBeGreaterThan(featureFactor(base, 1));
    expect(featureFactor({ ...base, floor: 1 }, 1)).toBeLessThan(featureFactor(base, 1));
    expect(featureFactor({ ...base, face: '4' }, 1)).toBeLessThan(featureFactor(base, 1));
    expect(featureFactor({ ...base, intDeco: '1' }, 1)).toBeLessThan(featureFactor(base, 1));
    expect(featureFactor({ ...base, intDeco: '1' }, 2) / featureFactor(base, 2)).toBeLessThan(
      featureFactor({ ...base, intDeco: '1' }, 1) / featureFactor(base, 1),
    );
  });
});

describe('generateDemoMarket', () => {
  const options = { asOf: '2025-06', communitiesPerCity: 40, casesPerCommunity: 30 } as const;
  const market = generateDemoMarket(options);

  it('gives the same market for the same seed and another one for another seed', () => {
    expect(generateDemoMarket(options)).toEqual(market);
    const other = generateDemoMarket({ ...options, seed: 'another seed' });
    expect(other.cases.map((c) => c.unitPrice)).not.toEqual(market.cases.map((c) => c.unitPrice));
  });

  it('gives a city the same data whether generated alone or with the others', () => {
    const alone = generateDemoMarket({ ...options, cityCodes: ['440300'] });
    expect(alone.communities).toEqual(market.communities.filter((c) => c.cityCode === '440300'));
    expect(alone.cases).toEqual(market.cases.filter((c) => c.cityCode === '440300'));
  });

  it('covers six cities with their districts, unique keys and names, and sixty months up to asOf', () => {
    expect(new Set(market.communities.map((c) => c.cityCode))).toEqual(
      new Set(['110100', '310100', '440100', '440300', '330100', '510100']),
    );
    expect(market.months).toHaveLength(60);
    expect(market.months[59]).toBe('2025-06-01');
    const haCodes = market.communities.map((c) => c.haCode);
    expect(new Set(haCodes).size).toBe(haCodes.length);
    for (const city of DEMO_CITIES) {
      const names = market.communities.filter((c) => c.cityCode === city.code).map((c) => c.name);
      expect(new Set(names).size).toBe(names.length);
      const districts = new Set(market.communities.filter((c) => c.cityCode === city.code).map((c) => c.distCode));
      expect(districts).toEqual(new Set(city.districts.map((d) => d.code)));
    }
    expect(new Set(market.cases.map((c) => c.caseKey)).size).toBe(market.cases.length);
    expect(new Set(market.pois.map((p) => p.poiKey)).size).toBe(market.pois.length);
    expect(new Set(market.cases.map((c) => c.caseDate))).toEqual(new Set(market.months));
  });

  it('places communities near their district centres with complete attributes', () => {
    for (const community of market.communities) {
      const district = DEMO_CITIES.flatMap((c) => c.districts).find((d) => d.code === community.distCode);
      expect(district).toBeDefined();
      expect(Math.abs((community.lat ?? 0) - (district?.lat ?? 0))).toBeLessThan(0.08);
      expect(Math.abs((community.lon ?? 0) - (district?.lon ?? 0))).toBeLessThan(0.08);
      expect(community.buildYear).toBeGreaterThanOrEqual(1985);
      expect(community.buildYear).toBeLessThanOrEqual(2022);
      expect(community.address).toMatch(/^.+[区].+\d+号$/);
      expect(community).toMatchObject({ source: 'demo', developer: expect.any(String), propertyManager: expect.any(String) });
      expect(community.volumeRate).toBeGreaterThan(0);
      expect(community.households).toBeLessThanOrEqual(32767);
    }
  });

  it('prices each city in its realistic range, rents at about 0.17–0.25 % of the sale price a month', () => {
    const recentSales = (city: string) =>
      market.cases.filter((c) => c.cityCode === city && c.tradeType === 1 && c.propType === 11 && c.caseDate >= '2024-07-01');
    const ranges: Record<string, [number, number]> = {
      '110100': [50000, 100000],
      '310100': [55000, 100000],
      '440300': [45000, 90000],
      '440100': [28000, 60000],
      '330100': [30000, 60000],
      '510100': [12000, 25000],
    };
    for (const [city, [min, max]] of Object.entries(ranges)) {
      const m = median(recentSales(city).map((c) => c.unitPrice));
      expect(m).toBeGreaterThan(min);
      expect(m).toBeLessThan(max);
    }
    for (const city of DEMO_CITIES) {
      const sale = median(
        market.cases.filter((c) => c.cityCode === city.code && c.tradeType === 1 && c.propType === 11).map((c) => c.unitPrice),
      );
      const rent = median(
        market.cases.filter((c) => c.cityCode === city.code && c.tradeType === 2 && c.propType === 11).map((c) => c.unitPrice),
      );
      expect(rent / sale).toBeGreaterThan(0.0014);
      expect(rent / sale).toBeLessThan(0.003);
    }
  });

  it('disperses prices around the community level by the features and about 7 % noise', () => {
    const byCommunity = new Map<string, DemoCase[]>();
    for (const c of market.cases)
      if (c.tradeType === 1 && c.propType === 11) byCommunity.set(c.haCode, [...(byCommunity.get(c.haCode) ?? []), c]);
    const spreads = [...byCommunity.values()]
      .filter((cases) => cases.length >= 10)
      .map((cases) => {
        const logs = cases.map((c) => Math.log(c.unitPrice));
        const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
        return Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / logs.length);
      });
    const typical = median(spreads);
    expect(typical).toBeGreaterThan(0.06);
    expect(typical).toBeLessThan(0.2);
  });

  it('keeps every case consistent: total = unit × area, floors within the building, layouts by size', () => {
    for (const c of market.cases) {
      expect(Math.abs(c.unitPrice * c.area - c.totalPrice)).toBeLessThan(c.area * 0.01 + 0.01);
      if (c.floor !== null && c.totalFloors !== null) {
        expect(c.floor).toBeGreaterThanOrEqual(1);
        expect(c.floor).toBeLessThanOrEqual(c.totalFloors);
      }
      if (c.propType === 11) expect(c.rooms).toBeGreaterThanOrEqual(1);
      else expect(c.rooms).toBeNull();
    }
    expect(market.cases.some((c) => c.propType === 22)).toBe(true);
    expect(market.cases.some((c) => c.propType === 21)).toBe(true);
  });

  it('puts subway stations with lines, bus stops, schools and hospitals in every city', () => {
    for (const city of DEMO_CITIES) {
      const pois = market.pois.filter((p) => p.cityCode === city.code);
      const subways = pois.filter((p) => p.subType === 'subway');
      expect(subways.length).toBeGreaterThan(10);
      expect(subways.every((p) => p.routes.length > 0 && p.routes.every((r) => /^\d+号线$/.test(r)))).toBe(true);
      expect(new Set(subways.map((p) => p.name)).size).toBe(subways.length);
      expect(pois.filter((p) => p.subType === 'bus')).toHaveLength(40);
      for (const subType of ['kindergarten', 'primary', 'middle', 'hospital', 'clinic']) {
        expect(pois.some((p) => p.subType === subType)).toBe(true);
      }
    }
  });
});
