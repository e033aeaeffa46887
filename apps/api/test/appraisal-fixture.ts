import { AppraisalCaseStore, seedDemoMarket } from '@valuation/core';
import type { CaseActor } from '@valuation/domain';
import { TenantStaffEntity } from '@valuation/persistence';
import { startTestApi, type TestApi } from './test-api';

export interface AppraisalTestApi {
  t: TestApi;
  store: AppraisalCaseStore;
  /** A demo community of Beijing with at least 10 residential sale cases (and lease cases when asked for). */
  community: { haCode: string; name: string };
  /** The demo appraiser appraiser1 as a case actor. */
  appraiser: CaseActor;
}

/** The API on a demo market of Beijing, with the case store and the demo appraiser, for the appraisal workflow tests. */
export async function startAppraisalTestApi(market: {
  communitiesPerCity: number;
  months: number;
  withLease?: boolean;
}): Promise<AppraisalTestApi> {
  const t = await startTestApi();
  await seedDemoMarket(t.ds, { cityCodes: ['110100'], communitiesPerCity: market.communitiesPerCity, months: market.months });
  const enough = (tradeType: number) =>
    `(SELECT count(*) FROM market_case m WHERE m.community_id = c.id AND m.trade_type = ${tradeType} AND m.prop_type = 11) >= 10`;
  const [community] = await t.ds.query(
    `SELECT c.ha_code AS "haCode", c.name FROM community c
      WHERE c.city_code = '110100' AND c.source = 'demo' AND ${enough(1)} ${market.withLease ? `AND ${enough(2)}` : ''}
      ORDER BY c.ha_code LIMIT 1`,
  );
  const staff = await t.ds.getRepository(TenantStaffEntity).findOneByOrFail({ loginUser: 'appraiser1' });
  return { t, store: t.app.get(AppraisalCaseStore), community, appraiser: { population: 'tenant', id: staff.id, name: staff.userName } };
}
