import type { AppraisalCaseStore } from '@valuation/core';
import { formatDateTime, type CaseActor } from '@valuation/domain';
import { startAppraisalTestApi } from './appraisal-fixture';
import type { TestApi } from './test-api';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** A date and time of 2025 in Beijing, and how the API prints it (yyyy-MM-dd HH:mm:ss in the business zone). */
const at = (month: number, day: number, hour = 10) => new Date(Date.UTC(2025, month - 1, day, hour - 8, 0, 0));
const printed = (d: Date) => formatDateTime(d);

interface HistoryEntry {
  type: number;
  id: number;
  code: string;
  evalType: number;
  evalDate: string;
  totalPrice: number;
  unitPrice: number | null;
}

describe('price history (historyList) of appraisal chains and of valuations', () => {
  let t: TestApi;
  let store: AppraisalCaseStore;
  let user: string;
  let admin: string;
  let appraiser: CaseActor;
  let community: { haCode: string; name: string };

  const get = (url: string, as = user) => t.http().get(url).set('Authorization', `Bearer ${as}`);
  const data = async (url: string, as = user) => {
    const res = await get(url, as);
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.data;
  };

  /** A sale valuation of the caller, valued at `on`. */
  const value = async (on: Date, as = user) => {
    const res = await t
      .http()
      .post('/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0')
      .set('Authorization', `Bearer ${as}`)
      .send({
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
      });
    expect(res.body).toMatchObject({ code: 200, data: { state: 1 } });
    const evalCode = res.body.data.evalCode as string;
    const [row] = await t.ds.query(
      `UPDATE eval_record SET created_at = $2 WHERE eval_code = $1 RETURNING id, total_price AS "totalPrice", unit_price AS "unitPrice"`,
      [evalCode, on],
    );
    return { evalCode, id: Number(row[0].id), totalPrice: Number(row[0].totalPrice), unitPrice: Number(row[0].unitPrice), on };
  };

  const enquiryOf = async (evalCode: string) => {
    const res = await t
      .http()
      .post('/api/artificial/idadd')
      .set('Authorization', `Bearer ${user}`)
      .field('initiate', '1')
      .field('sourceId', evalCode)
      .field('evalType', '1')
      .field('reason', '2');
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.data.id as number;
  };

  const enquiryOfHouse = async (haName: string) => {
    const res = await t
      .http()
      .post('/api/artificial/add')
      .set('Authorization', `Bearer ${user}`)
      .field('evalType', '1')
      .field('reason', '1')
      .field('houseInfo.cityCode', '110100')
      .field('houseInfo.haInfo.haName', haName)
      .field('houseInfo.bldgArea', '80')
      .attach('files', png, '现场.png');
    expect(res.body).toMatchObject({ code: 200, data: { repeated: false } });
    return res.body.data.id as number;
  };

  const reappraise = async (initiate: 1 | 2 | 3, sourceId: string | number, as = user) => {
    const res = await t
      .http()
      .post('/api/review/add')
      .set('Authorization', `Bearer ${as}`)
      .field('initiate', String(initiate))
      .field('sourceId', String(sourceId))
      .field('reason', '1');
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.data.id as number;
  };

  /** The appraiser answers the case with a price at the given time, and the entry the history shows for it. */
  const answer = async (id: number, type: 2 | 3, totalPrice: number, on: Date): Promise<HistoryEntry> => {
    await store.apply(String(id), t.demoTenantId, { type: 'CLAIM', actor: appraiser });
    const unitPrice = Math.round((totalPrice / 89) * 100) / 100;
    const answered = await store.apply(String(id), t.demoTenantId, {
      type: 'ANSWER',
      actor: appraiser,
      totalPrice,
      unitPrice,
      reply: '参考近期成交',
    });
    await t.ds.query(`UPDATE appraisal_case SET reviewed_at = $2 WHERE id = $1`, [id, on]);
    return { type, id, code: answered.caseNo, evalType: 1, evalDate: printed(on), totalPrice, unitPrice };
  };

  const refuse = async (id: number) => {
    await store.apply(String(id), t.demoTenantId, { type: 'CLAIM', actor: appraiser });
    await store.apply(String(id), t.demoTenantId, { type: 'REFUSE', actor: appraiser, reason: '资料不足' });
  };

  beforeAll(async () => {
    ({ t, store, community, appraiser } = await startAppraisalTestApi({ communitiesPerCity: 6, months: 12 }));
    user = await t.login('user', 'demouser');
    admin = await t.login('user', 'demoadmin');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  let valuation: Awaited<ReturnType<typeof value>>;
  let chain: HistoryEntry[];
  const ids: Record<string, number> = {};

  it('gives every case of a valuation the chain: the valuation, then the answered enquiries and re-appraisals in date order', async () => {
    valuation = await value(at(3, 1, 9));
    ids.enquiry = await enquiryOf(valuation.evalCode);
    ids.review = await reappraise(1, valuation.evalCode);
    // Filed and answered in this order, dated in another: the history follows the answers' dates.
    const enquired = await answer(ids.enquiry, 2, 5_100_000, at(3, 5));
    const reviewed = await answer(ids.review, 3, 5_300_000, at(3, 4));
    ids.refused = await reappraise(2, ids.enquiry);
    await refuse(ids.refused);
    ids.again = await reappraise(3, ids.review);
    const again = await answer(ids.again, 3, 5_250_000, at(3, 8));
    ids.pending = await reappraise(3, ids.again);

    const valued: HistoryEntry = {
      type: 1,
      id: valuation.id,
      code: valuation.evalCode,
      evalType: 1,
      evalDate: printed(valuation.on),
      totalPrice: valuation.totalPrice,
      unitPrice: valuation.unitPrice,
    };
    chain = [valued, reviewed, enquired, again];

    expect((await data(`/api/artificial/get?id=${ids.enquiry}`)).historyList).toEqual(chain);
    for (const id of [ids.review, ids.refused, ids.again, ids.pending]) {
      expect((await data(`/api/review/get?id=${id}`)).historyList).toEqual(chain);
    }
    // The supervisor sees the same chain through the data range.
    expect((await data(`/api/review/get?id=${ids.pending}`, admin)).historyList).toEqual(chain);
  });

  it('follows the source links of an enquiry filed from house information, within the caller range', async () => {
    const first = await enquiryOfHouse('未收录一号院');
    const other = await enquiryOfHouse('未收录二号院');
    await answer(other, 2, 3_000_000, at(4, 2));
    const enquired = await answer(first, 2, 4_000_000, at(4, 1));
    const review = await reappraise(2, first);
    const reviewed = await answer(review, 3, 4_200_000, at(4, 3));
    const pending = await reappraise(3, review);
    const mine = [enquired, reviewed];

    expect((await data(`/api/artificial/get?id=${first}`)).historyList).toEqual(mine);
    expect((await data(`/api/review/get?id=${pending}`)).historyList).toEqual(mine);
    expect((await data(`/api/review/get?id=${review}`)).historyList).toEqual(mine);
    expect((await data(`/api/artificial/get?id=${other}`)).historyList).toEqual([
      expect.objectContaining({ type: 2, id: other, totalPrice: 3_000_000 }),
    ]);

    // The supervisor re-appraises the same enquiry: in its own view of the chain, outside demouser's range.
    const bySupervisor = await reappraise(2, first, admin);
    const supervised = await answer(bySupervisor, 3, 4_150_000, at(4, 5));
    expect((await data(`/api/artificial/get?id=${first}`, admin)).historyList).toEqual([...mine, supervised]);
    expect((await data(`/api/artificial/get?id=${first}`)).historyList).toEqual(mine);
    expect((await get(`/api/review/get?id=${bySupervisor}`)).body).toMatchObject({ code: 404 });
  });

  it('adds the answered enquiries and re-appraisals of a valuation and of its re-valuations to api/eval/history/list, newest first', async () => {
    const revalued = await t
      .http()
      .post('/api/eval/reval?evalType=1')
      .set('Authorization', `Bearer ${user}`)
      .send({ evalCode: valuation.evalCode });
    expect(revalued.body).toMatchObject({ code: 200 });
    const [row] = await t.ds.query(`UPDATE eval_record SET created_at = $2 WHERE eval_code = $1 RETURNING id`, [
      revalued.body.data.evalCode,
      at(5, 1),
    ]);
    const later = await answer(await enquiryOf(revalued.body.data.evalCode), 2, 5_400_000, at(5, 2));

    const history = await data(`/api/eval/history/list?evalRecordId=${valuation.id}`);
    expect(history.map((h: { type: number; id: number }) => [h.type, h.id])).toEqual([
      [2, later.id],
      [1, Number(row[0].id)],
      [3, ids.again],
      [2, ids.enquiry],
      [3, ids.review],
      [1, valuation.id],
    ]);
    expect(history[0]).toMatchObject({
      type: 2,
      evalCode: revalued.body.data.evalCode,
      caseNo: later.code,
      evalType: 1,
      evalDate: printed(at(5, 2)),
      totalPrice: 5_400_000,
      state: 2,
    });
    expect(history[2]).toMatchObject({
      type: 3,
      evalCode: valuation.evalCode,
      caseNo: chain[3].code,
      totalPrice: 5_250_000,
      unitPrice: chain[3].unitPrice,
    });
    expect(history[5]).toMatchObject({ type: 1, evalCode: valuation.evalCode, caseNo: null, totalPrice: valuation.totalPrice, state: 1 });
    expect(await data(`/api/eval/history/list?evalRecordId=${valuation.id}`, admin)).toEqual(history);
    // The records list counts those rows, so the history can be opened from it.
    const listed = (await data('/api/eval/list?pageSize=50')).list as { evalCode: string; historyCount: number; answerCount: number }[];
    expect(listed.find((r) => r.evalCode === valuation.evalCode)).toMatchObject({ historyCount: 2, answerCount: 4 });
    expect(listed.find((r) => r.evalCode === revalued.body.data.evalCode)).toMatchObject({ historyCount: 2, answerCount: 4 });
    // The valuation's own case page lists only its own valuation, not the re-valuation.
    expect((await data(`/api/artificial/get?id=${ids.enquiry}`)).historyList).toEqual(chain);
  });

  it('shows nothing of it to a user of another branch or tenant', async () => {
    const rent = await t.login('user', 'demorent');
    const stranger = await t.login('user', 'otheradmin');
    for (const as of [rent, stranger]) {
      expect((await get(`/api/artificial/get?id=${ids.enquiry}`, as)).body).toMatchObject({ code: 404 });
      expect((await get(`/api/review/get?id=${ids.again}`, as)).body).toMatchObject({ code: 404 });
      expect((await get(`/api/eval/history/list?evalRecordId=${valuation.id}`, as)).body).toMatchObject({ code: 404 });
    }
  });
});
