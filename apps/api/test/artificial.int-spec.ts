import type { AppraisalCaseStore } from '@valuation/core';
import { filterToday, type CaseActor } from '@valuation/domain';
import { AppraisalCaseEntity } from '@valuation/persistence';
import { startAppraisalTestApi } from './appraisal-fixture';
import type { TestApi } from './test-api';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = (bytes = 64) => Buffer.concat([PNG, Buffer.alloc(bytes)]);
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1');

const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('manual enquiry (人工询价)', () => {
  let t: TestApi;
  let store: AppraisalCaseStore;
  let user: string;
  let admin: string;
  let renter: string;
  let other: string;
  let appraiser: CaseActor;
  let community: { haCode: string; name: string };

  const auth = (as: string) => `Bearer ${as}`;
  const get = (url: string, as = user) => t.http().get(url).set('Authorization', auth(as));
  const cases = async () => Number((await t.ds.query(`SELECT count(*) AS n FROM appraisal_case WHERE kind = 'artificial'`))[0].n);

  /** POST api/artificial/add with the house information as houseInfo.* fields. */
  const addByHouse = (fields: Record<string, string>, files: { name: string; content: Buffer }[] = [], as = user) => {
    const req = t.http().post('/api/artificial/add').set('Authorization', auth(as));
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    for (const f of files) req.attach('files', f.content, f.name);
    return req;
  };

  const house = (extra: Record<string, string> = {}) => ({
    evalType: '1',
    reason: '1',
    otherReason: '',
    remark: '',
    'houseInfo.cityCode': '110100',
    'houseInfo.cityName': '北京',
    'houseInfo.haInfo.haName': '未收录花园',
    'houseInfo.cardAddress': '北京市朝阳区团结湖路385号',
    'houseInfo.bldgArea': '89.5',
    'houseInfo.floor': '6',
    'houseInfo.bheight': '18',
    ...extra,
  });

  beforeAll(async () => {
    ({ t, store, community, appraiser } = await startAppraisalTestApi({ communitiesPerCity: 6, months: 12 }));
    // The list permission (104) for the demo user, the user of another organisation and the other tenant's user.
    await t.ds.query(
      `INSERT INTO role_permission (role_id, permission_id)
       SELECT DISTINCT ar.role_id, 104 FROM account_role ar JOIN account a ON a.id = ar.account_id
        WHERE a.login_user IN ('demouser', 'demorent', 'otheruser') ON CONFLICT DO NOTHING`,
    );
    user = await t.login('user', 'demouser');
    admin = await t.login('user', 'demoadmin');
    renter = await t.login('user', 'demorent');
    other = await t.login('user', 'otheruser');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /** The appraiser claims the case and answers it with a price, or refuses it. */
  const answer = async (id: number, price: number | null) => {
    const tenantId = t.demoTenantId;
    await store.apply(String(id), tenantId, { type: 'CLAIM', actor: appraiser });
    if (price === null) return store.apply(String(id), tenantId, { type: 'REFUSE', actor: appraiser, reason: '资料不足，无法估价' });
    return store.apply(String(id), tenantId, {
      type: 'ANSWER',
      actor: appraiser,
      totalPrice: price,
      unitPrice: Math.round((price / 89.5) * 100) / 100,
      reply: '参考周边成交',
    });
  };

  let fromHouse: number;
  let fromValuation: number;
  let evalCode: string;

  it('files a manual enquiry from the house information with its attachments', async () => {
    const res = await addByHouse(house({ reason: '3', otherReason: '小区未收录', remark: '急用' }), [
      { name: '房产证.png', content: png() },
      { name: '材料.zip', content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(32)]) },
    ]);
    expect(res.body).toMatchObject({
      code: 200,
      message: '提交成功',
      data: { caseNo: expect.stringMatching(/^RG\d{16}$/), state: 1, repeated: false },
    });
    fromHouse = res.body.data.id;
    const view = (await get(`/api/artificial/get?id=${fromHouse}`)).body.data;
    expect(view).toMatchObject({
      kind: 'artificial',
      state: 1,
      evalType: 1,
      cityCode: '110100',
      cityName: '北京市',
      haName: '未收录花园',
      cardAddress: '北京市朝阳区团结湖路385号',
      bldgArea: 89.5,
      reason: 3,
      otherReason: '小区未收录',
      remark: '急用',
      read: false,
      files: [
        { index: 0, name: '房产证.png', type: 'image/png' },
        { index: 1, name: '材料.zip', type: 'application/zip' },
      ],
      houseInfo: { floor: '6', bheight: '18' },
    });
    expect(view.history.map((h: { event: string }) => h.event)).toEqual(['SUBMIT']);
  });

  it('accepts the house information as a JSON text too', async () => {
    const res = await t
      .http()
      .post('/api/artificial/add')
      .set('Authorization', auth(user))
      .field('evalType', '2')
      .field('reason', '2')
      .field(
        'houseInfo',
        JSON.stringify({ cityCode: '110100', haInfo: { haCode: '', haName: '' }, cardAddress: '北京市海淀区中关村大街1号' }),
      );
    expect(res.body).toMatchObject({ code: 200, data: { state: 1 } });
    const view = (await get(`/api/artificial/get?id=${res.body.data.id}`)).body.data;
    expect(view).toMatchObject({ evalType: 2, haName: null, cardAddress: '北京市海淀区中关村大街1号', cityName: '北京市' });
  });

  it('returns the case filed moments ago for an identical second submission', async () => {
    const before = await cases();
    const fields = house({ 'houseInfo.haInfo.haName': '重复花园', remark: '双击' });
    const [a, b] = await Promise.all([
      addByHouse(fields, [{ name: 'a.png', content: png() }]),
      addByHouse(fields, [{ name: 'a.png', content: png() }]),
    ]);
    expect([a.body.code, b.body.code]).toEqual([200, 200]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect([a.body.data.repeated, b.body.data.repeated].sort()).toEqual([false, true]);
    expect([a.body.message, b.body.message].sort()).toEqual(['提交成功', '已提交，请勿重复提交'].sort());
    expect(await cases()).toBe(before + 1);
  });

  it('files a manual enquiry from a valuation the caller may read, and refuses one it may not', async () => {
    const valued = await t
      .http()
      .post('/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0')
      .set('Authorization', auth(user))
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
    expect(valued.body).toMatchObject({ code: 200 });
    evalCode = valued.body.data.evalCode;

    const res = await t
      .http()
      .post('/api/artificial/idadd')
      .set('Authorization', auth(user))
      .field('initiate', '1')
      .field('sourceId', evalCode)
      .field('evalType', '1')
      .field('reason', '2')
      .field('remark', '价格偏差')
      .attach('files', png(), '现场.png');
    expect(res.body).toMatchObject({ code: 200, message: '提交成功' });
    fromValuation = res.body.data.id;
    const view = (await get(`/api/artificial/get?id=${fromValuation}`)).body.data;
    expect(view).toMatchObject({
      evalCode,
      initiate: 1,
      haCode: community.haCode,
      haName: community.name,
      cityCode: '110100',
      reason: 2,
      remark: '价格偏差',
      bldgArea: 89,
    });

    const stranger = await t
      .http()
      .post('/api/artificial/idadd')
      .set('Authorization', auth(other))
      .field('sourceId', evalCode)
      .field('evalType', '1')
      .field('reason', '1');
    expect(stranger.body).toMatchObject({ code: 404, message: '估价记录不存在' });
    const otherOrg = await t
      .http()
      .post('/api/artificial/idadd')
      .set('Authorization', auth(renter))
      .field('sourceId', evalCode)
      .field('evalType', '1')
      .field('reason', '1');
    expect(otherOrg.body).toMatchObject({ code: 404, message: '估价记录不存在' });
  });

  it('refuses a request that breaks a rule and stores nothing', async () => {
    const before = await cases();
    const refusals: [Promise<{ body: { code: number; message: string } }>, number, string | null][] = [
      [addByHouse(house({ 'houseInfo.haInfo.haName': ' ', 'houseInfo.cardAddress': '' })), 400, '请输入小区名称或证载地址！'],
      [addByHouse(house({ reason: '' })), 400, '请选择询价原因'],
      [addByHouse(house({ reason: '4' })), 400, '请选择询价原因'],
      [addByHouse(house({ reason: '3', otherReason: '  ' })), 400, '请输入其他原因'],
      [addByHouse(house({ remark: '字'.repeat(2001) })), 400, '备注不能超过2000个字'],
      [
        addByHouse(
          house(),
          Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, content: png() })),
        ),
        400,
        '最多上传5个文件',
      ],
      [
        addByHouse(house(), [{ name: '合同.png', content: PDF }]),
        400,
        '仅支持上传图片（jpg、png、gif、bmp、webp）或压缩包（zip、rar、7z、gz）',
      ],
      [addByHouse(house(), [{ name: '大图.png', content: png(30 * 1024 * 1024 + 1 - PNG.length) }]), 400, '单个文件不可大于30M'],
      [addByHouse(house(), [{ name: '超大图.png', content: png(33 * 1024 * 1024) }]), 400, '单个文件不可大于30M'],
    ];
    for (const [pending, code, message] of refusals) {
      const res = await pending;
      expect(res.body.code).toBe(code);
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await cases()).toBe(before);
  }, 60_000);

  it('needs permission 112 to submit and 104 to read the list', async () => {
    await t.ds.query(
      `DELETE FROM role_permission rp USING account_role ar, account a WHERE rp.role_id = ar.role_id AND ar.account_id = a.id AND a.login_user = 'demorent' AND rp.permission_id = 112`,
    );
    const renterAgain = await t.login('user', 'demorent');
    expect((await addByHouse(house(), [], renterAgain)).body.code).toBe(403);
    const adminAgain = await t.login('user', 'demoadmin');
    await t.ds.query(
      `DELETE FROM role_permission rp USING account_role ar, account a WHERE rp.role_id = ar.role_id AND ar.account_id = a.id AND a.login_user = 'otheruser' AND rp.permission_id = 104`,
    );
    const otherAgain = await t.login('user', 'otheruser');
    expect((await get('/api/artificial/list', otherAgain)).body.code).toBe(403);
    expect((await get('/api/artificial/unread-count', otherAgain)).body.code).toBe(403);
    expect((await get('/api/artificial/list', adminAgain)).body.code).toBe(200);
    other = otherAgain;
  });

  it('lists the cases newest first with the filters, within the caller data range only', async () => {
    const mine = (await get('/api/artificial/list?pageIndex=1&pageSize=10')).body.data;
    expect(mine.total).toBe(4);
    expect(mine.list[0]).toMatchObject({
      id: fromValuation,
      cityName: '北京市',
      state: 1,
      status: 1,
      evalType: 1,
      advisory: false,
      read: true,
      reviewTotalPrice: null,
    });
    expect(mine.list.map((r: { id: number }) => r.id)).toContain(fromHouse);

    const byLocation = (await get(`/api/artificial/list?location=${encodeURIComponent('未收录')}`)).body.data;
    expect(byLocation.list.map((r: { id: number }) => r.id)).toEqual([fromHouse]);
    const byCity = (await get(`/api/artificial/list?city=${encodeURIComponent('上海')}`)).body.data;
    expect(byCity.total).toBe(0);
    const d = filterToday();
    expect((await get(`/api/artificial/list?beginDate=${d}&endDate=${d}&status=1`)).body.data.total).toBe(4);
    expect((await get(`/api/artificial/list?endDate=2020/01/01`)).body.data.total).toBe(0);
    expect((await get(`/api/artificial/list?status=2`)).body.data.total).toBe(0);
    expect((await get(`/api/artificial/list?pageSize=20`)).body.code).toBe(400);

    expect((await get('/api/artificial/list', admin)).body.data.total).toBe(4);
    expect((await get('/api/artificial/list', renter)).body.data.total).toBe(0);
    expect((await get(`/api/artificial/get?id=${fromHouse}`, renter)).body.code).toBe(404);
    expect((await get(`/api/artificial/file?id=${fromHouse}&index=0`, renter)).body.code).toBe(404);
  });

  it('marks an answered case read once, counts the unread ones and keeps pending cases unmarked', async () => {
    expect((await get('/api/artificial/unread-count')).body.data).toBe(0);
    expect(
      (await t.http().post('/api/artificial/read').set('Authorization', auth(user)).type('form').send({ id: fromHouse })).body,
    ).toMatchObject({ code: 400, message: '该询价尚未处理完成' });

    await answer(fromHouse, 5_120_000);
    await answer(fromValuation, null);
    expect((await get('/api/artificial/unread-count')).body.data).toBe(2);
    expect((await get('/api/artificial/unread-count', admin)).body.data).toBe(0);
    const listed = (await get('/api/artificial/list?status=2')).body.data.list;
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: fromHouse, state: 2, status: 2, read: false, ownRequest: true, reviewTotalPrice: 5_120_000 }),
        expect.objectContaining({ id: fromValuation, state: 3, status: 2, read: false }),
      ]),
    );
    const viewed = (await get(`/api/artificial/get?id=${fromHouse}`)).body.data;
    expect(viewed).toMatchObject({ state: 2, read: false, ownRequest: true, reviewTotalPrice: 5_120_000, reviewReply: '参考周边成交' });

    // The supervisor opens demouser's answer through the data range: it stays unread for demouser.
    expect((await get(`/api/artificial/get?id=${fromHouse}`, admin)).body.data).toMatchObject({ state: 2, read: false, ownRequest: false });
    const bySupervisor = (
      await t.http().post('/api/artificial/read').set('Authorization', auth(admin)).type('form').send({ id: fromHouse })
    ).body;
    expect(bySupervisor).toMatchObject({ code: 200, data: { state: 2, read: false, ownRequest: false, version: viewed.version } });
    expect(bySupervisor.data.history.map((h: { event: string }) => h.event)).toEqual(['SUBMIT', 'CLAIM', 'ANSWER']);
    expect((await get('/api/artificial/unread-count')).body.data).toBe(2);
    expect((await get('/api/artificial/list?status=2', admin)).body.data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: fromHouse, read: false, ownRequest: false })]),
    );
    expect((await t.ds.getRepository(AppraisalCaseEntity).findOneByOrFail({ id: String(fromHouse) })).context).toMatchObject({
      read: false,
      requesterId: expect.any(Number),
    });

    const read = (await t.http().post('/api/artificial/read').set('Authorization', auth(user)).type('form').send({ id: fromHouse })).body;
    expect(read).toMatchObject({ code: 200, data: { read: true, state: 2 } });
    const again = (await t.http().post('/api/artificial/read').set('Authorization', auth(user)).type('form').send({ id: fromHouse })).body;
    expect(again).toMatchObject({ code: 200, data: { read: true, version: read.data.version } });
    expect(read.data.history.map((h: { event: string }) => h.event)).toEqual(['SUBMIT', 'CLAIM', 'ANSWER', 'READ']);
    expect((await get('/api/artificial/unread-count')).body.data).toBe(1);

    const refused = (await get(`/api/artificial/get?id=${fromValuation}`)).body.data;
    expect(refused).toMatchObject({ state: 3, refuseReason: '资料不足，无法估价', reviewTotalPrice: null });
    const stored = await t.ds.getRepository(AppraisalCaseEntity).findOneByOrFail({ id: String(fromHouse) });
    expect(stored.context.read).toBe(true);
  });

  it('downloads an attachment with the token in the query and exports the list', async () => {
    const file = await t.http().get(`/api/artificial/file?id=${fromHouse}&index=0&Authorization=${user}`).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.body as Buffer, png())).toBe(0);
    expect((await get(`/api/artificial/file?id=${fromHouse}&index=4`)).body.code).toBe(404);
    expect((await get(`/api/artificial/file?id=${fromHouse}&index=0`, other)).body.code).toBe(403);

    const xlsx = await t.http().get(`/api/artificial/list/export?status=2&Authorization=${user}`).buffer(true).parse(binary);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    expect((await get(`/api/artificial/list/export?city=${encodeURIComponent('上海')}`)).body).toMatchObject({
      code: 404,
      message: '暂无数据',
    });
  });

  describe('withdrawal (撤回)', () => {
    const withdraw = (id: number, as = user) =>
      t.http().post('/api/artificial/withdraw').set('Authorization', auth(as)).type('form').send({ id });
    let n = 0;
    /** A new pending enquiry of demouser (a remark of its own, so the repeat guard does not merge it). */
    const file = async () => {
      n += 1;
      const res = await addByHouse(house({ remark: `撤回测试 ${n}` }));
      expect(res.body).toMatchObject({ code: 200, data: { state: 1, repeated: false } });
      return res.body.data.id as number;
    };
    const claim = (id: number, version?: number) => store.apply(String(id), t.demoTenantId, { type: 'CLAIM', actor: appraiser }, version);

    it('lets the requester withdraw a pending enquiry, shown withdrawn in the list and its filter', async () => {
      const id = await file();
      expect((await withdraw(id, admin)).body).toMatchObject({ code: 400, message: '仅申请人本人可以撤回' });
      const res = (await withdraw(id)).body;
      expect(res).toMatchObject({ code: 200, message: '撤回成功', data: { state: 4, machineState: 'withdrawn' } });
      expect(res.data.history.map((h: { event: string; eventName: string }) => `${h.event}:${h.eventName}`)).toEqual([
        'SUBMIT:提交',
        'WITHDRAW:撤回',
      ]);
      expect((await withdraw(id)).body).toMatchObject({ code: 400, message: '该询价已撤回' });
      const rows = (await get('/api/artificial/list?status=3')).body.data.list as {
        id: number;
        state: number;
        status: number;
        read: boolean;
      }[];
      expect(rows.find((r) => r.id === id)).toMatchObject({ state: 4, status: 3, read: true });
      const pending = (await get('/api/artificial/list?status=1')).body.data.list as { id: number }[];
      expect(pending.some((r) => r.id === id)).toBe(false);
      await expect(claim(id)).rejects.toThrow('该询价已撤回');
    });

    it('refuses to withdraw once an appraiser has claimed the enquiry', async () => {
      const id = await file();
      await claim(id);
      expect((await withdraw(id)).body).toMatchObject({ code: 400, message: '估价师已受理该询价，无法撤回' });
      expect((await get(`/api/artificial/get?id=${id}`)).body.data).toMatchObject({ state: 1, machineState: 'claimed' });
    });

    it('lets only one of a claim and a withdrawal racing succeed', async () => {
      for (let round = 0; round < 4; round += 1) {
        const id = await file();
        const { version } = await t.ds.getRepository(AppraisalCaseEntity).findOneByOrFail({ id: String(id) });
        const [claimed, withdrawn] = await Promise.allSettled([claim(id, version), withdraw(id)]);
        const withdrew = withdrawn.status === 'fulfilled' && withdrawn.value.body.code === 200;
        expect(claimed.status === 'fulfilled').toBe(!withdrew);
        if (!withdrew && withdrawn.status === 'fulfilled') {
          expect(withdrawn.value.body).toMatchObject({ code: 400, message: '估价师已受理该询价，无法撤回' });
        }
        const stored = await t.ds.getRepository(AppraisalCaseEntity).findOneByOrFail({ id: String(id) });
        expect(stored.machineState).toBe(withdrew ? 'withdrawn' : 'claimed');
        expect(stored.version).toBe(version + 1);
      }
    });
  });
});
