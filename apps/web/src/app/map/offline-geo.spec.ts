import committedIndex from '../../../public/geo/index.json';
import {
  chooseCityAsset,
  clipRing,
  districtsInDatum,
  placeLabels,
  poleOfInaccessibility,
  ringArea,
  type DistrictCollection,
  type OfflineMapIndex,
  type Point,
} from './offline-geo';

const square = (x: number, y: number, size: number): Point[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
];

describe('chooseCityAsset', () => {
  const index: OfflineMapIndex = {
    cities: [
      { cityCode: '440100', name: '广州市', bbox: [112.9, 22.5, 114.1, 23.9] },
      { cityCode: '440300', name: '深圳市', bbox: [113.7, 22.4, 114.6, 22.9] },
      { cityCode: '110100', name: '北京市', bbox: [115.4, 39.4, 117.5, 41.1] },
    ],
  };

  it('keeps the map’s own city while the centre is inside it', () => {
    expect(chooseCityAsset(index, { lon: 113.9, lat: 22.6 }, '440100')).toBe('440100');
  });

  it('takes the smallest city holding the centre when the map has no city or the centre left it', () => {
    expect(chooseCityAsset(index, { lon: 113.9, lat: 22.6 }, null)).toBe('440300');
    expect(chooseCityAsset(index, { lon: 113.9, lat: 22.6 }, '110100')).toBe('440300');
    expect(chooseCityAsset(index, { lon: 116.4, lat: 39.9 })).toBe('110100');
  });

  it('falls back to the map’s city, and to nothing, when no city holds the centre', () => {
    expect(chooseCityAsset(index, { lon: 104.5, lat: 35.5 }, '110100')).toBe('110100');
    expect(chooseCityAsset(index, { lon: 104.5, lat: 35.5 }, '999999')).toBeNull();
    expect(chooseCityAsset(index, { lon: 104.5, lat: 35.5 })).toBeNull();
    expect(chooseCityAsset(index, null, '110100')).toBe('110100');
  });

  it('finds the demo cities in the committed index by their landmarks (WGS84)', () => {
    const real = committedIndex as OfflineMapIndex;
    expect(chooseCityAsset(real, { lon: 116.3913, lat: 39.9075 })).toBe('110100');
    expect(chooseCityAsset(real, { lon: 121.4903, lat: 31.2397 })).toBe('310100');
    expect(chooseCityAsset(real, { lon: 113.3245, lat: 23.1064 })).toBe('440100');
    expect(chooseCityAsset(real, { lon: 114.0579, lat: 22.5431 })).toBe('440300');
    expect(chooseCityAsset(real, { lon: 120.1551, lat: 30.2741 })).toBe('330100');
    expect(chooseCityAsset(real, { lon: 104.0665, lat: 30.5723 })).toBe('510100');
  });
});

describe('districtsInDatum', () => {
  const collection: DistrictCollection = {
    type: 'FeatureCollection',
    cityCode: '110100',
    name: '北京市',
    bbox: [116, 39, 117, 40],
    features: [
      {
        type: 'Feature',
        properties: { code: '110101', name: '东城区' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [116.39, 39.9],
              [116.42, 39.9],
              [116.42, 39.93],
              [116.39, 39.9],
            ],
          ],
        },
      },
    ],
  };

  it('leaves WGS84 data as it is and moves it by the datum offset otherwise', () => {
    expect(districtsInDatum(collection, 'wgs84')).toBe(collection);
    const gcj = districtsInDatum(collection, 'gcj02');
    const [lon, lat] = (gcj.features[0].geometry.coordinates as [number, number][][])[0][0];
    expect(lon - 116.39).toBeCloseTo(0.0061, 3);
    expect(lat - 39.9).toBeCloseTo(0.0014, 3);
    expect(gcj.features[0].properties.name).toBe('东城区');
  });
});

describe('clipRing', () => {
  const view = { minX: 0, minY: 0, maxX: 100, maxY: 100 };

  it('keeps a ring inside the view and drops one outside it', () => {
    expect(clipRing(square(10, 10, 20), view)).toEqual(square(10, 10, 20));
    expect(clipRing(square(200, 10, 20), view)).toEqual([]);
  });

  it('cuts a ring that crosses the border to the visible part', () => {
    const clipped = clipRing(square(-50, -50, 100), view);
    expect(ringArea(clipped)).toBeCloseTo(2500);
    for (const [x, y] of clipped) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('poleOfInaccessibility', () => {
  it('finds the centre of a square, with half its side as clearance', () => {
    const { point, distance } = poleOfInaccessibility([square(0, 0, 100)], 0.5);
    expect(point[0]).toBeCloseTo(50, 0);
    expect(point[1]).toBeCloseTo(50, 0);
    expect(distance).toBeCloseTo(50, 0);
  });

  it('puts the point of an L-shape inside it, not at its bounding box centre', () => {
    const l: Point[] = [
      [0, 0],
      [100, 0],
      [100, 20],
      [20, 20],
      [20, 100],
      [0, 100],
    ];
    const { point, distance } = poleOfInaccessibility([l], 0.5);
    expect(distance).toBeGreaterThan(9);
    expect(point[0] < 20 || point[1] < 20).toBe(true);
  });

  it('keeps clear of a hole and of discs', () => {
    const withHole = poleOfInaccessibility([square(0, 0, 100), square(30, 30, 40)], 0.5);
    expect(withHole.point[0] < 30 || withHole.point[0] > 70 || withHole.point[1] < 30 || withHole.point[1] > 70).toBe(true);
    const withDisc = poleOfInaccessibility([square(0, 0, 100)], 0.5, [{ x: 50, y: 50, r: 10 }]);
    expect(Math.hypot(withDisc.point[0] - 50, withDisc.point[1] - 50)).toBeGreaterThan(30);
  });
});

describe('placeLabels', () => {
  const view = { minX: 0, minY: 0, maxX: 800, maxY: 600 };
  const options = { aspect: 0.5, minClearance: 14, labelRadius: 18 };

  it('writes a district lying wholly in view at its middle', () => {
    const [label] = placeLabels([{ key: 'a', text: '海淀区', polygons: [[square(100, 100, 200)]] }], view, [], options);
    expect(label.text).toBe('海淀区');
    expect(label.point[0]).toBeCloseTo(200, -1);
    expect(label.point[1]).toBeCloseTo(200, -1);
  });

  it('writes a district the view is inside of within the view, away from a marker at the centre', () => {
    const [label] = placeLabels(
      [{ key: 'a', text: '朝阳区', polygons: [[square(-5000, -5000, 20000)]] }],
      view,
      [{ x: 400, y: 300, r: 18 }],
      options,
    );
    expect(label.point[0]).toBeGreaterThan(20);
    expect(label.point[0]).toBeLessThan(780);
    expect(label.point[1]).toBeGreaterThan(14);
    expect(label.point[1]).toBeLessThan(586);
    expect(Math.hypot((label.point[0] - 400) * 0.5, label.point[1] - 300)).toBeGreaterThan(18 + 14);
  });

  it('writes each of two neighbours on its own side, and skips a sliver with no room for a name', () => {
    const labels = placeLabels(
      [
        { key: 'w', text: '西城区', polygons: [[square(0, 0, 400).map(([x, y]) => [x, y * 1.5] as Point)]] },
        { key: 'e', text: '东城区', polygons: [[square(400, 0, 400).map(([x, y]) => [x, y * 1.5] as Point)]] },
        { key: 's', text: '石景山区', polygons: [[square(790, 0, 30)]] },
      ],
      view,
      [],
      options,
    );
    expect(labels.map((l) => l.key).sort()).toEqual(['e', 'w']);
    expect(labels.find((l) => l.key === 'w')!.point[0]).toBeLessThan(400);
    expect(labels.find((l) => l.key === 'e')!.point[0]).toBeGreaterThan(400);
  });

  it('keeps a name off a control or note laid over the map', () => {
    const note = { minX: 0, minY: 500, maxX: 300, maxY: 600 };
    const [label] = placeLabels([{ key: 'f', text: '房山区', polygons: [[square(0, 450, 300)]] }], view, [note], options);
    expect(label.point[1]).toBeLessThan(500 - 14);
    expect(label.point[1]).toBeGreaterThan(450 + 14);
  });

  it('labels a district split in two parts once, in its larger visible part', () => {
    const labels = placeLabels(
      [{ key: 'p', text: '浦东新区', polygons: [[square(20, 20, 60)], [square(300, 100, 300)]] }],
      view,
      [],
      options,
    );
    expect(labels).toHaveLength(1);
    expect(labels[0].point[0]).toBeGreaterThan(300);
  });
});
