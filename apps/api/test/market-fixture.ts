import { CommunityEntity, MarketCaseEntity, PriceIndexEntity } from '@valuation/persistence';
import { monthKey, shiftMonth } from '@valuation/domain';
import type { TestApi } from './test-api';

/** The first day of the business month `back` months ago, as the server's market window counts months. */
export const monthStart = (back: number) => `${shiftMonth(monthKey(), -back)}-01`;

/** A Beijing community whose sale unit price is 60,000 yuan/m² (± a deterministic 4 %), lease 100 yuan/m²/month. */
export async function buildMarket(t: TestApi) {
  const communities = t.ds.getRepository(CommunityEntity);
  const [garden, empty] = await communities.save([
    communities.create({
      haCode: 'EVT001',
      name: '估价测试花园',
      cityCode: '110100',
      distCode: '110105',
      address: '北京市朝阳区测试路1号',
      lat: 39.92,
      lon: 116.46,
      buildYear: 2008,
      propTypes: '11',
      source: 'test',
    }),
    communities.create({
      haCode: 'EVT002',
      name: '无成交小区',
      cityCode: '110100',
      distCode: '110105',
      address: '北京市朝阳区测试路99号',
      lat: 39.99,
      lon: 116.6,
      buildYear: 2010,
      propTypes: '11',
      source: 'test',
    }),
  ]);
  const cases = t.ds.getRepository(MarketCaseEntity);
  const rows: Partial<MarketCaseEntity>[] = [];
  for (let i = 0; i < 40; i++) {
    const area = 60 + (i % 8) * 10;
    const sale = 60000 * (1 + (((i * 37) % 9) - 4) / 100);
    rows.push({
      caseKey: `evt:s:${i}`,
      communityId: garden.id,
      cityCode: '110100',
      distCode: '110105',
      tradeType: 1,
      propType: 11,
      area: area.toFixed(2),
      floor: 1 + (i % 18),
      totalFloors: 18,
      rooms: 1 + (i % 3),
      halls: 1,
      baths: 1,
      face: '2',
      intDeco: '4',
      buildYear: 2008,
      totalPrice: (sale * area).toFixed(2),
      unitPrice: sale.toFixed(2),
      caseDate: monthStart(i % 12),
      source: 'test',
    });
    const rent = 100 * (1 + (((i * 53) % 7) - 3) / 100);
    rows.push({
      caseKey: `evt:l:${i}`,
      communityId: garden.id,
      cityCode: '110100',
      distCode: '110105',
      tradeType: 2,
      propType: 11,
      area: area.toFixed(2),
      floor: 1 + (i % 18),
      totalFloors: 18,
      rooms: 1 + (i % 3),
      halls: 1,
      baths: 1,
      face: '2',
      intDeco: '4',
      buildYear: 2008,
      totalPrice: (rent * area).toFixed(2),
      unitPrice: rent.toFixed(2),
      caseDate: monthStart(i % 12),
      source: 'test',
    });
  }
  await cases.insert(rows);
  const indices = t.ds.getRepository(PriceIndexEntity);
  const index: Partial<PriceIndexEntity>[] = [];
  for (let back = 0; back < 13; back++) {
    for (const [scope, scopeCode] of [
      ['community', 'EVT001'],
      ['district', '110105'],
      ['city', '110100'],
    ] as const) {
      index.push({
        scope,
        scopeCode,
        tradeType: 1,
        propType: 11,
        month: monthStart(back),
        avgUnitPrice: (58000 + (12 - back) * 150).toFixed(2),
        medianUnitPrice: '60000.00',
        caseCount: 30,
      });
    }
  }
  await indices.insert(index);
  return { garden, empty };
}
