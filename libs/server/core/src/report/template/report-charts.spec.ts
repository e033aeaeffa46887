import type { NearbyCommunity } from '@valuation/contracts';
import {
  axisLabelStep,
  distanceLabel,
  distributionChart,
  distributionMarkerIndex,
  donutChart,
  nearbyMap,
  nearbyOffset,
  niceScale,
  radarChart,
  supplyChart,
  trendChart,
} from './report-charts';
import { sampleReportDocument } from './report-sample';

const rows = [55000, 57500, 60000, 62500, 65000, 67500, 70000].map((step, i) => ({ step, data: [2, 5, 9, 14, 20, 17, 6][i] }));
const bars = (svg: string) => [...svg.matchAll(/<rect class="(bar[^"]*)"/g)].map((m) => m[1]);
const months = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    month: `${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
    data: 50000 + i * 100,
  }));

describe('distribution chart', () => {
  it('finds the bucket that holds the price', () => {
    expect(distributionMarkerIndex(rows, 2500, 68420)).toBe(5);
    expect(distributionMarkerIndex(rows, 2500, 67500)).toBe(5);
    expect(distributionMarkerIndex(rows, 2500, 55000)).toBe(0);
    expect(distributionMarkerIndex(rows, 2500, 72499)).toBe(6);
    expect(distributionMarkerIndex(rows, 2500, 72500)).toBeNull();
    expect(distributionMarkerIndex(rows, 2500, 54999)).toBeNull();
    expect(distributionMarkerIndex(rows, 2500, null)).toBeNull();
    expect(distributionMarkerIndex(rows, 0, 60000)).toBeNull();
  });

  it('marks the bucket of the subject and its exact price', () => {
    const svg = distributionChart({ rows, stepSize: 2500 }, 68420, 1);
    const classes = bars(svg);
    expect(classes).toHaveLength(rows.length);
    expect(classes.indexOf('bar bar-marker')).toBe(5);
    expect(classes.filter((c) => c === 'bar bar-marker')).toHaveLength(1);
    expect(svg).toContain('class="price-marker"');
    expect(svg).toContain('本房产 68,420元/㎡');
    for (const legend of ['案例数', '本房产所在区间', '本房产单价']) expect(svg).toContain(`>${legend}</text>`);
    expect(svg).toContain('5.5万');
    expect(svg).not.toContain('暂无数据');
  });

  it('marks nothing when the price is unknown or outside the buckets', () => {
    for (const price of [null, 90000]) {
      const svg = distributionChart({ rows, stepSize: 2500 }, price, 1);
      expect(bars(svg)).not.toContain('bar bar-marker');
      expect(svg).not.toContain('price-marker');
    }
  });

  it('shows 暂无数据 without cases', () => {
    expect(distributionChart({ rows: [], stepSize: 0 }, 68420, 1)).toContain('暂无数据');
    expect(distributionChart({ rows: rows.map((r) => ({ ...r, data: 0 })), stepSize: 2500 }, 68420, 1)).toContain('暂无数据');
  });
});

const trendOf = (n: number) => ({
  X: null,
  R: null,
  month: null,
  source: 'community' as const,
  series: months(n).map((m) => ({ month: m.month, value: m.data, count: null, smoothed: false })),
  volatile: false,
});

describe('trend and supply charts', () => {
  it('needs at least 3 months for a trend line', () => {
    for (const n of [0, 1, 2]) {
      const svg = trendChart(trendOf(n), 1);
      expect(svg).toContain('暂无数据');
      expect(svg).not.toContain('trend-line');
    }
    const svg = trendChart(trendOf(3), 1);
    expect(svg).not.toContain('暂无数据');
    const points = /class="trend-line" points="([^"]+)"/.exec(svg)![1].split(' ');
    expect(points).toHaveLength(3);
  });

  it('thins the month labels beyond 40 months and always labels the last one', () => {
    expect(axisLabelStep(40, 10_000, 10)).toBe(1);
    expect(axisLabelStep(41, 10_000, 10)).toBe(2);
    expect(axisLabelStep(60, 10_000, 10)).toBe(2);
    const svg = trendChart(trendOf(60), 1);
    const labels = [...svg.matchAll(/>(\d{4}-\d{2})</g)].map((m) => m[1]);
    expect(labels.length).toBeLessThanOrEqual(40);
    expect(labels[labels.length - 1]).toBe(months(60)[59].month);
    const supply = supplyChart({ rows: months(60).map((m) => ({ ...m, data: 3 })) });
    expect([...supply.matchAll(/>(\d{4}-\d{2})</g)].length).toBeLessThanOrEqual(40);
  });

  it('draws one bar a month and 暂无数据 without supply', () => {
    const svg = supplyChart({ rows: months(24).map((m, i) => ({ ...m, data: i % 5 })) });
    expect(bars(svg)).toHaveLength(24);
    expect(supplyChart({ rows: [] })).toContain('暂无数据');
    expect(supplyChart({ rows: months(5).map((m) => ({ ...m, data: 0 })) })).toContain('暂无数据');
  });

  it('rounds axis ranges to whole steps', () => {
    expect(niceScale(66000, 72900, 4)).toEqual({ min: 66000, max: 74000, ticks: [66000, 68000, 70000, 72000, 74000] });
    expect(niceScale(0, 3, 4, true).ticks).toEqual([0, 1, 2, 3]);
    expect(niceScale(5, 5).ticks.length).toBeGreaterThan(1);
  });
});

describe('radar chart', () => {
  it.each([3, 5, 7])('has one vertex per weight (%s weights)', (n) => {
    const betas = Array.from({ length: n }, (_, i) => ({ title: `特征${i}`, value: 1 / n }));
    const svg = radarChart(betas);
    const points = /class="radar-area" points="([^"]+)"/.exec(svg)![1].trim().split(/\s+/);
    expect(points).toHaveLength(n);
    for (const b of betas) expect(svg).toContain(`>${b.title}<`);
  });

  it('prints the weights as percentages and escapes the titles', () => {
    const svg = radarChart([
      { title: '<面积>', value: 0.5 },
      { title: '楼层', value: 0.3 },
      { title: '朝向', value: 0.2 },
    ]);
    expect(svg).toContain('&lt;面积&gt;');
    expect(svg).toContain('50.00%');
    expect(svg).toContain('20.00%');
  });

  it('shows 暂无数据 with fewer than 3 weights', () => {
    expect(radarChart([{ title: '面积', value: 1 }])).toContain('暂无数据');
    expect(radarChart([])).not.toContain('radar-area');
  });
});

describe('room type donut', () => {
  it('draws one slice per share', () => {
    const svg = donutChart(
      [
        { label: '2室', value: 60, color: '#111' },
        { label: '3室', value: 40, color: '#222' },
      ],
      '户型占比',
    );
    expect(svg.match(/class="slice"/g)).toHaveLength(2);
    expect(donutChart([], '户型占比')).toContain('暂无数据');
  });
});

describe('nearby map', () => {
  const item = (over: Partial<NearbyCommunity>): NearbyCommunity => ({
    haCode: 'x',
    haName: '小区',
    location: '',
    price: null,
    leasePrice: null,
    imageUrl: '',
    distName: '',
    address: '',
    distance: 100,
    direction: '东',
    haPropType: '11',
    bldgtype: '',
    ...over,
  });

  it('places a community by its direction and distance', () => {
    const east = nearbyOffset(item({ direction: '东', distance: 100 }), null)!;
    expect(east.east).toBeCloseTo(100);
    expect(east.north).toBeCloseTo(0);
    const southWest = nearbyOffset(item({ direction: '西南', distance: 200 }), null)!;
    expect(southWest.east).toBeCloseTo(-141.42, 1);
    expect(southWest.north).toBeCloseTo(-141.42, 1);
    expect(nearbyOffset(item({ direction: '正北', distance: 50 }), null)!.north).toBeCloseTo(50);
    expect(nearbyOffset(item({ direction: '', distance: 50 }), null)).toBeNull();
  });

  it('prefers the coordinates when both positions are known', () => {
    const center = { lon: 116.4, lat: 40 };
    const offset = nearbyOffset(item({ location: '116.401,40.001', direction: '西', distance: 999 }), center)!;
    expect(offset.east).toBeCloseTo(85.3, 0);
    expect(offset.north).toBeCloseTo(110.6, 0);
    expect(nearbyOffset(item({ location: 'bad', direction: '西', distance: 10 }), center)!.east).toBeCloseTo(-10);
  });

  it('numbers the points as the table and shows 暂无数据 without positions', () => {
    const doc = sampleReportDocument(1);
    const r = doc.result.record;
    const svg = nearbyMap(doc.nearby, { lon: r.gpsLon!, lat: r.gpsLat! });
    expect(svg.match(/class="map-point"/g)).toHaveLength(doc.nearby.length);
    for (let i = 1; i <= doc.nearby.length; i++) expect(svg).toContain(`>${i}</text>`);
    expect(svg).toContain('估价对象');
    expect(svg).toContain('1公里');
    expect(nearbyMap([item({ direction: '' })], null)).toContain('暂无数据');
  });

  it('labels whole kilometres without decimals', () => {
    expect(distanceLabel(1000)).toBe('1公里');
    expect(distanceLabel(500)).toBe('500米');
    expect(distanceLabel(1500)).toBe('1.5公里');
  });
});
