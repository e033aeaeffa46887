import { seedDemoMarket } from '@valuation/core';
import { startTestApi, type TestApi } from './test-api';

/** GET api/region/opened: the opened cities (已开通) of the caller's service scope that the city picker lists first. */
describe('opened cities of the service scope', () => {
  let t: TestApi;
  const get = (token: string) => t.http().get('/api/region/opened').set('Authorization', `Bearer ${token}`);
  const codes = async (token: string) => ((await get(token).expect(200)).body.data as { regionCode: string }[]).map((c) => c.regionCode);
  /** Ends (or restores) the valuation packages of an account of a kind, optionally only those covering a city. */
  const setValid = (loginUser: string, kind: 'city' | 'universal', valid: boolean, cityCode?: string) =>
    t.ds.query(
      `UPDATE balance_package p SET expire_date = CASE WHEN $3 THEN current_date + 365 ELSE current_date - 1 END
         FROM account a WHERE a.id = p.account_id AND a.login_user = $1 AND p.kind = $2 AND ($4::varchar IS NULL OR $4 = ANY(p.city_codes))`,
      [loginUser, kind, valid, cityCode ?? null],
    );

  beforeAll(async () => {
    t = await startTestApi();
    await seedDemoMarket(t.ds, { cityCodes: ['110100', '310100'], communitiesPerCity: 2, months: 1 });
  }, 120_000);
  afterAll(() => t.close());

  it('lists the cities of valid city packages first, then with a nationwide package the other cities that have communities', async () => {
    const user = await t.login('user', 'demouser');
    // demouser: a Beijing city package and a nationwide one.
    expect(await get(user).expect(200)).toMatchObject({
      body: {
        code: 200,
        data: [
          { regionName: '北京', regionCode: '110100' },
          { regionName: '上海', regionCode: '310100' },
        ],
      },
    });
    await setValid('demouser', 'universal', false);
    expect(await codes(user)).toEqual(['110100']);
    await setValid('demouser', 'city', false);
    expect(await codes(user)).toEqual([]);
    await setValid('demouser', 'city', true);
    await setValid('demouser', 'universal', true);

    // demoadmin without its Beijing package: Shanghai by its city package, Beijing by the nationwide one.
    const admin = await t.login('user', 'demoadmin');
    await setValid('demoadmin', 'city', false, '110100');
    expect(await codes(admin)).toEqual(['310100', '110100']);
  });

  it('is for customer accounts only', async () => {
    expect((await t.http().get('/api/region/opened')).body.code).toBe(401);
    const staff = await t.login('tenant', 'appraiser1');
    expect((await get(staff)).body.code).toBe(401);
  });
});
