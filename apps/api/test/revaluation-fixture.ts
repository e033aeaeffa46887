import { seedDemoMarket } from '@valuation/core';
import type { TestApi } from './test-api';

export interface BookAsset {
  assetId: number;
  totalPrice: number;
}

/** The first `count` Beijing demo communities with at least 10 sale cases of flats (a comparison can value them). */
export async function valuableCommunities(t: TestApi, count: number): Promise<{ haCode: string; name: string }[]> {
  const communities: { haCode: string; name: string }[] = await t.ds.query(
    `SELECT c.ha_code AS "haCode", c.name FROM community c
      WHERE c.city_code = '110100' AND c.source = 'demo'
        AND (SELECT count(*) FROM market_case m WHERE m.community_id = c.id AND m.trade_type = 1 AND m.prop_type = 11) >= 10
      ORDER BY c.ha_code LIMIT $1`,
    [count],
  );
  if (communities.length < count) throw new Error(`only ${communities.length} demo communities with enough cases`);
  return communities;
}

export interface ValuedAsset extends BookAsset {
  evalCode: string;
  evalId: number;
}

export interface ValuedRecord {
  evalCode: string;
  evalId: number;
  totalPrice: number;
}

/** A sale valuation of a flat of `area` ㎡ in the community by the caller. */
export async function valuedRecord(
  t: TestApi,
  token: string,
  community: { haCode: string; name: string },
  area: number,
): Promise<ValuedRecord> {
  const valued = await t
    .http()
    .post('/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0')
    .set('Authorization', `Bearer ${token}`)
    .send({
      cityCode: '110100',
      cityName: '北京',
      propType: 11,
      haInfo: { haCode: community.haCode, haName: community.name },
      bldgArea: String(area),
      floor: '6',
      bheight: '18',
      br: 2,
      lr: 1,
      ba: 1,
    });
  if (valued.body.code !== 200 || valued.body.data.state !== 1) throw new Error(`valuation failed: ${JSON.stringify(valued.body)}`);
  const evalCode = valued.body.data.evalCode as string;
  const [record]: { id: string; totalPrice: string }[] = await t.ds.query(
    `SELECT id, total_price AS "totalPrice" FROM eval_record WHERE eval_code = $1`,
    [evalCode],
  );
  return { evalCode, evalId: Number(record.id), totalPrice: Number(record.totalPrice) };
}

/** A sale valuation of a flat of `area` ㎡ in the community by the caller, added to its assets. */
export async function valuedAsset(
  t: TestApi,
  token: string,
  community: { haCode: string; name: string },
  area: number,
): Promise<ValuedAsset> {
  const record = await valuedRecord(t, token, community, area);
  const added = await t.http().post('/api/asset/add').set('Authorization', `Bearer ${token}`).type('form').send({ evalId: record.evalId });
  if (added.body.code !== 200) throw new Error(`asset not added: ${JSON.stringify(added.body)}`);
  return { ...record, assetId: added.body.data.id };
}

/**
 * A Beijing demo market and `count` flats valued by the caller and added to its assets; the first
 * one carries a loan of 90 % of its value granted on twice its value, so a revaluation run raises
 * an LTV and a fall-since-origination alert for it.
 */
export async function revaluationBook(t: TestApi, token: string, count: number): Promise<BookAsset[]> {
  await seedDemoMarket(t.ds, { cityCodes: ['110100'], communitiesPerCity: 8, months: 24 });
  const communities = await valuableCommunities(t, count);
  const book: BookAsset[] = [];
  for (const [i, community] of communities.entries()) book.push(await valuedAsset(t, token, community, 80 + i * 10));
  const [first] = book;
  const loan = await t
    .http()
    .post('/api/asset/loan')
    .set('Authorization', `Bearer ${token}`)
    .type('form')
    .send({
      id: String(first.assetId),
      loanNo: 'L-0001',
      loanAmount: ((first.totalPrice * 0.9) / 10_000).toFixed(2),
      originValue: ((first.totalPrice * 2) / 10_000).toFixed(2),
      loanDate: '2024/06/30',
    });
  if (loan.body.code !== 200) throw new Error(`loan not saved: ${JSON.stringify(loan.body)}`);
  return book;
}
