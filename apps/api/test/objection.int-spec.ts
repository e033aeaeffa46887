import type { AppraisalCaseStore } from '@valuation/core';
import { ObjectionMsg, type CaseActor } from '@valuation/domain';
import { startAppraisalTestApi } from './appraisal-fixture';
import type { TestApi } from './test-api';

describe('price objections', () => {
  let t: TestApi;
  let store: AppraisalCaseStore;
  let admin: string;
  let appraiser: CaseActor;
  let community: { haCode: string; name: string };

  const get = (url: string, as = admin) => t.http().get(url).set('Authorization', `Bearer ${as}`);
  const post = (url: string, body: object, as = admin) => t.http().post(url).set('Authorization', `Bearer ${as}`).send(body);
  const caseCount = async () => Number((await t.ds.query(`SELECT count(*) AS n FROM appraisal_case WHERE kind = 'objection'`))[0].n);

  const value = async (evalType: 1 | 2, as = admin) => {
    const res = await post(
      `/api/eval/rapid?evalType=${evalType}&mtype=4&mtypeOn=0`,
      {
        cityCode: '110100',
        cityName: '北京',
        propType: 11,
        haInfo: { haCode: community.haCode, haName: community.name },
        bldgArea: '89',
        floor: '6',
        bheight: '18',
        br: 2,
        lr: 1,
        ba: 1,
      },
      as,
    );
    expect(res.body).toMatchObject({ code: 200 });
    const evalCode = res.body.data.evalCode as string;
    const [row] = await t.ds.query(`SELECT total_price AS "totalPrice", state FROM eval_record WHERE eval_code = $1`, [evalCode]);
    return { evalCode, totalPrice: Number(row.totalPrice), state: Number(row.state) };
  };

  beforeAll(async () => {
    ({ t, store, community, appraiser } = await startAppraisalTestApi({ communitiesPerCity: 12, months: 24, withLease: true }));
    admin = await t.login('user', 'demoadmin');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  let sale: { evalCode: string; totalPrice: number };
  let lowId: number;

  it('files an objection with the price in 万元 for sale and 元/月 for rent; the reason follows the price', async () => {
    sale = await value(1);
    const wan = Math.round(sale.totalPrice / 10_000);
    const low = await post('/api/objection/add', { evalCode: sale.evalCode, price: wan - 20, type: 1 });
    expect(low.body).toMatchObject({ code: 200, data: { id: expect.any(Number), caseNo: expect.stringMatching(/^YY/) } });
    lowId = low.body.data.id;
    const high = await post('/api/objection/add', { evalCode: sale.evalCode, price: wan + 20, type: 1 });
    expect(high.body).toMatchObject({ code: 200 });

    const rent = await value(2);
    expect(rent.state).toBe(1);
    const monthly = await post('/api/objection/add', { evalCode: rent.evalCode, price: Math.round(rent.totalPrice) + 500, type: 2 });
    expect(monthly.body).toMatchObject({ code: 200 });

    const detail = (await get(`/api/objection/detail?id=${lowId}`)).body.data;
    expect(detail.objection).toMatchObject({
      kind: 'objection',
      state: 1,
      reason: 1,
      proposedPrice: (wan - 20) * 10_000,
      originalPrice: sale.totalPrice,
      evalCode: sale.evalCode,
    });
    expect(detail.record).toMatchObject({ evalCode: sale.evalCode });
    expect((await get(`/api/objection/detail?id=${high.body.data.id}`)).body.data.objection).toMatchObject({ reason: 2 });
    expect((await get(`/api/objection/detail?id=${monthly.body.data.id}`)).body.data.objection).toMatchObject({
      reason: 2,
      evalType: 2,
      proposedPrice: Math.round(rent.totalPrice) + 500,
    });
  }, 60_000);

  it('refuses bad prices, an average-method valuation and another user valuation without storing anything', async () => {
    const before = await caseCount();
    expect((await post('/api/objection/add', { evalCode: sale.evalCode, price: 1.5, type: 1 })).body).toMatchObject({
      code: 400,
      message: ObjectionMsg.priceInvalid,
    });
    expect((await post('/api/objection/add', { evalCode: sale.evalCode, price: -5, type: 1 })).body).toMatchObject({
      code: 400,
      message: ObjectionMsg.priceInvalid,
    });
    expect((await post('/api/objection/add', { evalCode: sale.evalCode, price: 500, type: 2 })).body).toMatchObject({
      code: 400,
      message: ObjectionMsg.evalTypeInvalid,
    });
    const exact = await value(1);
    await t.ds.query(`UPDATE eval_record SET total_price = 5000000 WHERE eval_code = $1`, [exact.evalCode]);
    expect((await post('/api/objection/add', { evalCode: exact.evalCode, price: 500, type: 1 })).body).toMatchObject({
      code: 400,
      message: ObjectionMsg.priceUnchanged,
    });
    await t.ds.query(`UPDATE eval_record SET method = 'averageSale', state = 2 WHERE eval_code = $1`, [exact.evalCode]);
    expect((await post('/api/objection/add', { evalCode: exact.evalCode, price: 400, type: 1 })).body).toMatchObject({
      code: 400,
      message: ObjectionMsg.averageMethod,
    });
    const stranger = await t.login('user', 'otheradmin');
    expect((await post('/api/objection/add', { evalCode: sale.evalCode, price: 400, type: 1 }, stranger)).body).toMatchObject({
      code: 404,
    });
    await t.ds.query(
      `DELETE FROM role_permission rp USING account_role ar, account a
        WHERE rp.role_id = ar.role_id AND ar.account_id = a.id AND a.login_user = 'demorent' AND rp.permission_id = 4`,
    );
    const withoutList = await t.login('user', 'demorent');
    expect((await post('/api/objection/add', { evalCode: sale.evalCode, price: 400, type: 1 }, withoutList)).body).toMatchObject({
      code: 403,
    });
    expect(await caseCount()).toBe(before);
  }, 60_000);

  it('lists objections by state with the appraiser reply, within the caller scope only', async () => {
    await store.apply(String(lowId), t.demoTenantId, { type: 'CLAIM', actor: appraiser });
    await store.apply(String(lowId), t.demoTenantId, { type: 'ANSWER', actor: appraiser, reply: '已核实，维持原估价' });

    const all = (await get('/api/objection/list?pageIndex=1&pageSize=10')).body.data;
    expect(all).toMatchObject({ total: 3, pages: 1, pageNum: 1 });
    const processing = (await get('/api/objection/list?state=1')).body.data;
    expect(processing.total).toBe(2);
    expect(processing.list[0]).toMatchObject({ state: 1, stateName: '正在处理', reviewReply: null });
    const done = (await get('/api/objection/list?state=2')).body.data;
    expect(done).toMatchObject({
      total: 1,
      list: [{ id: lowId, state: 2, stateName: '处理完成', reviewReply: '已核实，维持原估价', evalCode: sale.evalCode, read: false }],
    });
    expect((await get(`/api/objection/list?ha=${encodeURIComponent(community.name)}&city=110100`)).body.data.total).toBe(3);
    expect((await get('/api/objection/list?beginDate=2018/01/01&endDate=2018/01/31')).body.data.total).toBe(0);
    expect((await get('/api/objection/list?state=5')).body).toMatchObject({ code: 400 });
    expect((await get(`/api/objection/detail?id=${lowId}`)).body.data.objection).toMatchObject({
      state: 2,
      reviewReply: '已核实，维持原估价',
      history: [{ event: 'SUBMIT' }, { event: 'CLAIM' }, { event: 'ANSWER' }],
    });

    const stranger = await t.login('user', 'otheradmin');
    expect((await get('/api/objection/list', stranger)).body.data.total).toBe(0);
    expect((await get(`/api/objection/detail?id=${lowId}`, stranger)).body).toMatchObject({ code: 404 });
  });

  it('marks a reply read when its requester opens it, never when a supervisor does, and counts the unread replies', async () => {
    const read = (id: number, as = admin) =>
      t.http().post('/api/objection/read').set('Authorization', `Bearer ${as}`).type('form').send({ id });
    expect((await get('/api/objection/unread-count')).body).toMatchObject({ code: 200, data: 1 });
    const pending = (await get('/api/objection/list?state=1')).body.data.list[0].id;
    expect((await read(pending)).body).toMatchObject({ code: 400 });

    // demouser's objection, answered, opened first by the supervisor (demoadmin, with the data range).
    const user = await t.login('user', 'demouser');
    const own = await value(1, user);
    const filed = await post(
      '/api/objection/add',
      { evalCode: own.evalCode, price: Math.round(own.totalPrice / 10_000) + 30, type: 1 },
      user,
    );
    expect(filed.body).toMatchObject({ code: 200 });
    const id = filed.body.data.id as number;
    await store.apply(String(id), t.demoTenantId, { type: 'CLAIM', actor: appraiser });
    await store.apply(String(id), t.demoTenantId, { type: 'ANSWER', actor: appraiser, reply: '已按近期成交调整' });
    expect((await get('/api/objection/unread-count', user)).body.data).toBe(1);
    expect((await get(`/api/objection/detail?id=${id}`)).body.data.objection).toMatchObject({ read: false, ownRequest: false });
    expect((await get('/api/objection/list?state=2')).body.data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, read: false, ownRequest: false })]),
    );
    expect((await read(id)).body).toMatchObject({ code: 200, data: { read: false } });
    expect((await get('/api/objection/unread-count', user)).body.data).toBe(1);
    expect((await get(`/api/objection/detail?id=${id}`, user)).body.data.objection).toMatchObject({
      read: false,
      ownRequest: true,
      history: [{ event: 'SUBMIT' }, { event: 'CLAIM' }, { event: 'ANSWER' }],
    });
    expect((await get('/api/objection/list?state=2', user)).body.data.list).toEqual([
      expect.objectContaining({ id, read: false, ownRequest: true }),
    ]);

    expect((await read(id, user)).body).toMatchObject({ code: 200, data: { read: true } });
    expect((await read(id, user)).body).toMatchObject({ code: 200, data: { read: true } });
    expect((await get('/api/objection/unread-count', user)).body.data).toBe(0);
    expect((await get(`/api/objection/detail?id=${id}`, user)).body.data.objection.history.map((h: { event: string }) => h.event)).toEqual([
      'SUBMIT',
      'CLAIM',
      'ANSWER',
      'READ',
    ]);

    expect((await read(lowId)).body).toMatchObject({ code: 200, data: { read: true } });
    expect((await get('/api/objection/unread-count')).body.data).toBe(0);

    const stranger = await t.login('user', 'otheradmin');
    expect((await read(id, stranger)).body).toMatchObject({ code: 404 });
    const withoutList = await t.login('user', 'demorent');
    expect((await read(id, withoutList)).body).toMatchObject({ code: 403 });
    expect((await get('/api/objection/unread-count', withoutList)).body).toMatchObject({ code: 403 });
  }, 60_000);
});
