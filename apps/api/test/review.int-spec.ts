import type { AppraisalCaseStore, NewCase } from '@valuation/core';
import { CaseFileMsg, ReviewMsg, type CaseActor } from '@valuation/domain';
import { AccountEntity, AppraisalCaseEntity } from '@valuation/persistence';
import { startAppraisalTestApi } from './appraisal-fixture';
import type { TestApi } from './test-api';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
const pdf = Buffer.from('%PDF-1.7 not an image');

const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('manual re-appraisal (review)', () => {
  let t: TestApi;
  let store: AppraisalCaseStore;
  let user: string;
  let admin: string;
  let appraiser: CaseActor;
  let community: { haCode: string; name: string };

  const get = (url: string, as = user) => t.http().get(url).set('Authorization', `Bearer ${as}`);
  const post = (url: string, body: object, as = user) => t.http().post(url).set('Authorization', `Bearer ${as}`).send(body);
  const caseCount = async () => Number((await t.ds.query(`SELECT count(*) AS n FROM appraisal_case`))[0].n);

  /** A sale valuation of the caller; its evalCode and total price. */
  const value = async (as = user) => {
    const res = await post(
      '/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0',
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
        principalCode: 'KH-001',
      },
      as,
    );
    expect(res.body).toMatchObject({ code: 200, data: { state: 1 } });
    const evalCode = res.body.data.evalCode as string;
    const [row] = await t.ds.query(`SELECT total_price AS "totalPrice" FROM eval_record WHERE eval_code = $1`, [evalCode]);
    return { evalCode, totalPrice: Number(row.totalPrice) };
  };

  type Fields = Record<string, string | number>;
  const submit = (fields: Fields, files: { name: string; content: Buffer }[] = [], as = user) => {
    let req = t.http().post('/api/review/add').set('Authorization', `Bearer ${as}`);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, String(v));
    for (const f of files) req = req.attach('files', f.content, f.name);
    return req;
  };

  const answer = async (id: number, totalPrice = 5_000_000) => {
    await store.apply(String(id), t.demoTenantId, { type: 'CLAIM', actor: appraiser });
    return store.apply(String(id), t.demoTenantId, {
      type: 'ANSWER',
      actor: appraiser,
      totalPrice,
      unitPrice: 56_000,
      reply: '参考同小区近期成交',
    });
  };

  beforeAll(async () => {
    ({ t, store, community, appraiser } = await startAppraisalTestApi({ communitiesPerCity: 12, months: 24 }));
    user = await t.login('user', 'demouser');
    admin = await t.login('user', 'demoadmin');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  let firstId: number;
  let valued: { evalCode: string; totalPrice: number };

  it('files a re-appraisal of an automatic valuation with its attachments and the contested price', async () => {
    valued = await value();
    const res = await submit(
      { initiate: 1, sourceId: valued.evalCode, reason: 3, otherReason: '周边新盘价格更高', remark: '请复核', actualPrice: 5_200_000 },
      [
        { name: '房产证.png', content: png },
        { name: '材料.zip', content: zip },
      ],
    );
    expect(res.body).toMatchObject({ code: 200, data: { id: expect.any(Number), caseNo: expect.stringMatching(/^FP/) } });
    firstId = res.body.data.id;

    const view = (await get(`/api/review/get?id=${firstId}`)).body.data;
    expect(view).toMatchObject({
      kind: 'review',
      state: 1,
      initiate: 1,
      sourceId: null,
      evalCode: valued.evalCode,
      evalType: 1,
      reason: 3,
      otherReason: '周边新盘价格更高',
      remark: '请复核',
      proposedPrice: 5_200_000,
      originalPrice: valued.totalPrice,
      principalCode: 'KH-001',
      read: false,
      files: [
        { index: 0, name: '房产证.png', type: 'image/png' },
        { index: 1, name: '材料.zip', type: 'application/zip' },
      ],
      history: [{ event: 'SUBMIT', actorName: '演示用户' }],
    });
    const file = await get(`/api/review/file?id=${firstId}&index=0`).buffer(true).parse(binary).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.body as Buffer, png)).toBe(0);
    expect((await get(`/api/review/file?id=${firstId}&index=3`)).body).toMatchObject({ code: 404 });
  });

  it('needs a chosen reason, an expected price agreeing with it, and refuses bad requests without storing anything', async () => {
    const ok = await submit({ reason: 1, initiate: 1, sourceId: valued.evalCode });
    expect(ok.body).toMatchObject({ code: 200 });
    expect((await get(`/api/review/get?id=${ok.body.data.id}`)).body.data).toMatchObject({
      reason: 1,
      otherReason: null,
      proposedPrice: null,
      files: [],
    });

    const before = await caseCount();
    const base = { initiate: 1, sourceId: valued.evalCode, reason: 1 };
    expect((await submit({ ...base, reason: 3 })).body).toMatchObject({ code: 400, message: ReviewMsg.otherReasonRequired });
    expect((await submit({ ...base, reason: 5 })).body).toMatchObject({ code: 400, message: ReviewMsg.reasonInvalid });
    expect((await submit({ initiate: 1, sourceId: valued.evalCode })).body).toMatchObject({ code: 400, message: '请选择复评原因' });
    expect((await submit({ ...base, reason: '' })).body).toMatchObject({ code: 400, message: '请选择复评原因' });
    // 估价偏高 with a price above the original, 估价偏低 with one below, either with the same price: contradictions.
    expect((await submit({ ...base, reason: 1, actualPrice: valued.totalPrice + 100_000 })).body).toMatchObject({
      code: 400,
      message: '估价偏高时，期望价格应低于原估价',
    });
    expect((await submit({ ...base, reason: 1, actualPrice: valued.totalPrice })).body).toMatchObject({
      code: 400,
      message: '估价偏高时，期望价格应低于原估价',
    });
    expect((await submit({ ...base, reason: 2, actualPrice: valued.totalPrice - 100_000 })).body).toMatchObject({
      code: 400,
      message: '估价偏低时，期望价格应高于原估价',
    });
    expect(
      (
        await submit(
          { ...base },
          Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, content: png })),
        )
      ).body,
    ).toMatchObject({ code: 400, message: CaseFileMsg.tooMany });
    expect(
      (
        await submit({ ...base }, [
          { name: 'a.png', content: png },
          { name: '合同.png', content: pdf },
        ])
      ).body,
    ).toMatchObject({ code: 400, message: CaseFileMsg.badType });
    expect((await submit({ ...base }, [{ name: 'big.png', content: Buffer.concat([png, Buffer.alloc(31_457_280)]) }])).body).toMatchObject({
      code: 400,
      message: '单个文件不可大于30M',
    });

    // A regional average result has no automatic value to contest.
    const average = await value();
    await t.ds.query(`UPDATE eval_record SET method = 'averageSale', state = 2 WHERE eval_code = $1`, [average.evalCode]);
    expect((await submit({ reason: 1, initiate: 1, sourceId: average.evalCode })).body).toMatchObject({
      code: 400,
      message: ReviewMsg.averageMethod,
    });

    // A valuation of another branch and of another tenant are not the caller's.
    const rent = await t.login('user', 'demorent');
    const others = (
      await post(
        '/api/eval/rapid?evalType=2&mtype=4&mtypeOn=0',
        {
          cityCode: '110100',
          cityName: '北京',
          propType: 11,
          haInfo: { haCode: community.haCode, haName: community.name },
          bldgArea: '70',
          floor: '3',
          bheight: '6',
        },
        rent,
      )
    ).body.data.evalCode as string;
    expect((await submit({ reason: 1, initiate: 1, sourceId: others })).body).toMatchObject({
      code: 404,
      message: ReviewMsg.sourceInvalid,
    });
    const stranger = await t.login('user', 'otheradmin');
    expect((await submit({ reason: 1, initiate: 1, sourceId: valued.evalCode }, [], stranger)).body).toMatchObject({ code: 404 });
    expect((await submit({ reason: 1, initiate: 3, sourceId: 'abc' })).body).toMatchObject({ code: 400, message: ReviewMsg.sourceInvalid });

    expect(await caseCount()).toBe(before);
  }, 60_000);

  let answeredId: number;

  it('re-appraises an answered re-appraisal (initiate 3) and an answered manual enquiry (initiate 2), not a pending one', async () => {
    expect((await submit({ reason: 1, initiate: 3, sourceId: firstId })).body).toMatchObject({
      code: 400,
      message: ReviewMsg.sourceNotAnswered,
    });
    await answer(firstId, 5_100_000);
    answeredId = firstId;
    const again = await submit({ reason: 2, initiate: 3, sourceId: firstId, actualPrice: 5_300_000 });
    expect(again.body).toMatchObject({ code: 200 });
    expect((await get(`/api/review/get?id=${again.body.data.id}`)).body.data).toMatchObject({
      initiate: 3,
      sourceId: firstId,
      originalPrice: 5_100_000,
      evalCode: valued.evalCode,
    });

    const account = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' });
    const source = await t.ds.getRepository(AppraisalCaseEntity).findOneByOrFail({ id: String(firstId) });
    const enquiry: NewCase = {
      kind: 'artificial',
      tenantId: source.tenantId,
      companyId: source.companyId,
      organizationId: source.organizationId,
      accountId: account.id,
      evalType: 1,
      evalCode: null,
      initiate: null,
      sourceId: null,
      cityCode: '110100',
      cityName: '北京市',
      haCode: null,
      haName: '人工询价小区',
      cardAddress: '北京市朝阳区某路1号',
      location: null,
      bldgArea: '80.00',
      principalCode: null,
      houseInfo: { propType: 11 },
      reason: 1,
      otherReason: null,
      remark: '',
      proposedPrice: null,
      originalPrice: null,
      files: [],
    };
    const filed = await t.ds.transaction((m) => store.create(m, enquiry, { population: 'user', id: account.id, name: '演示用户' }));
    expect((await submit({ reason: 1, initiate: 2, sourceId: filed.id })).body).toMatchObject({
      code: 400,
      message: ReviewMsg.sourceNotAnswered,
    });
    await answer(Number(filed.id), 4_000_000);
    const fromEnquiry = await submit({ reason: 1, initiate: 2, sourceId: filed.id });
    expect(fromEnquiry.body).toMatchObject({ code: 200 });
    expect((await get(`/api/review/get?id=${fromEnquiry.body.data.id}`)).body.data).toMatchObject({
      initiate: 2,
      originalPrice: 4_000_000,
      haName: '人工询价小区',
    });
    // A manual enquiry id is not a re-appraisal id.
    expect((await submit({ reason: 1, initiate: 3, sourceId: filed.id })).body).toMatchObject({ code: 404 });
  });

  it('marks an answer read for the requester; a pending case cannot be read', async () => {
    expect((await get(`/api/review/get?id=${answeredId}`)).body.data).toMatchObject({
      state: 2,
      read: false,
      reviewTotalPrice: 5_100_000,
      reviewReply: '参考同小区近期成交',
    });
    const unread = (await get('/api/review/unread-count')).body.data;
    expect(unread).toBeGreaterThan(0);
    // The supervisor opens demouser's answer through the data range: it stays unread for demouser.
    expect((await get(`/api/review/get?id=${answeredId}`, admin)).body.data).toMatchObject({ read: false, ownRequest: false });
    expect((await get(`/api/review/get?id=${answeredId}`)).body.data).toMatchObject({ read: false, ownRequest: true });
    expect((await post('/api/review/read', { id: answeredId }, admin)).body).toMatchObject({ code: 200, data: { read: false } });
    expect((await get('/api/review/unread-count')).body.data).toBe(unread);
    expect((await get(`/api/review/get?id=${answeredId}`)).body.data.history.map((h: { event: string }) => h.event)).toEqual([
      'SUBMIT',
      'CLAIM',
      'ANSWER',
    ]);
    expect((await get('/api/review/list?state=2', admin)).body.data.list).toEqual([
      expect.objectContaining({ id: answeredId, read: false, ownRequest: false }),
    ]);
    expect((await post('/api/review/read', { id: answeredId })).body).toMatchObject({ code: 200, data: { read: true } });
    expect((await get('/api/review/unread-count')).body.data).toBe(unread - 1);
    const view = (await get(`/api/review/get?id=${answeredId}`)).body.data;
    expect(view).toMatchObject({ read: true });
    expect(view.history.map((h: { event: string }) => h.event)).toEqual(['SUBMIT', 'CLAIM', 'ANSWER', 'READ']);
    const pending = (await get('/api/review/list?state=1', admin)).body.data.list[0].id;
    expect((await post('/api/review/read', { id: pending })).body).toMatchObject({ code: 400 });
  });

  it('lists re-appraisals with filters, paging and export, within the caller scope only', async () => {
    await t.ds.query(
      `DELETE FROM role_permission rp USING account_role ar, account a
        WHERE rp.role_id = ar.role_id AND ar.account_id = a.id AND a.login_user = 'demorent' AND rp.permission_id = 4`,
    );
    expect((await get('/api/review/list', await t.login('user', 'demorent'))).body).toMatchObject({ code: 403 });
    const all = (await get('/api/review/list?pageIndex=1&pageSize=10', admin)).body.data;
    expect(all).toMatchObject({ total: 4, pages: 1, pageNum: 1 });
    expect(all.list.find((r: { id: number }) => r.id === answeredId)).toMatchObject({
      cityName: expect.any(String),
      principalCode: 'KH-001',
      bldgTypeName: '住宅',
      bldgArea: 89,
      evalType: 1,
      reviewTotalPrice: 5_100_000,
      totalPrice: valued.totalPrice,
      state: 2,
      advisory: false,
      inquiry: false,
      read: true,
      location: community.name,
    });
    expect((await get('/api/review/list?state=2', admin)).body.data.total).toBe(1);
    expect((await get('/api/review/list?state=3', admin)).body.data.total).toBe(0);
    expect((await get(`/api/review/list?ha=${encodeURIComponent(community.name)}`, admin)).body.data.total).toBe(3);
    expect((await get(`/api/review/list?city=${encodeURIComponent('北京')}`, admin)).body.data.total).toBe(4);
    expect((await get(`/api/review/list?city=${encodeURIComponent('上海')}`, admin)).body.data.total).toBe(0);
    expect((await get('/api/review/list?beginDate=2018/01/01&endDate=2018/02/01', admin)).body.data.total).toBe(0);
    expect((await get('/api/review/list?state=9', admin)).body).toMatchObject({ code: 400, message: ReviewMsg.stateInvalid });

    const xlsx = await get('/api/review/list/export?state=2', admin).buffer(true).parse(binary).expect(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((xlsx.body as Buffer).subarray(0, 2).toString('latin1')).toBe('PK');
    expect((await get('/api/review/list/export?state=3', admin)).body).toMatchObject({ code: 404, message: '暂无数据' });

    const stranger = await t.login('user', 'otheradmin');
    expect((await get('/api/review/list', stranger)).body.data.total).toBe(0);
    expect((await get(`/api/review/get?id=${answeredId}`, stranger)).body).toMatchObject({ code: 404 });
    expect((await get(`/api/review/file?id=${answeredId}&index=0`, stranger)).body).toMatchObject({ code: 404 });

    // A user of another branch with the list permission sees none of them.
    const rentAccount = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demorent' });
    await t.ds.query(
      `INSERT INTO role_permission (role_id, permission_id) SELECT role_id, 4 FROM account_role WHERE account_id = $1 ON CONFLICT DO NOTHING`,
      [rentAccount.id],
    );
    const rent = await t.login('user', 'demorent');
    expect((await get('/api/review/list', rent)).body).toMatchObject({ code: 200, data: { total: 0 } });
    expect((await get(`/api/review/get?id=${answeredId}`, rent)).body).toMatchObject({ code: 404 });
  });
});
