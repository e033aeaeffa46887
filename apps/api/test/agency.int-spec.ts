import { AgencyMsg, AgencyWorkflowMsg } from '@valuation/domain';
import { AccountEntity, AgencyApplicationEntity, AgencyApplicationHistoryEntity, TenantStaffEntity } from '@valuation/persistence';
import { startTestApi, type TestApi } from './test-api';

const PDF = Buffer.from('%PDF-1.4\n% 评估报告\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const binary = (
  res: NodeJS.ReadableStream & { on(e: string, cb: (c?: unknown) => void): void },
  done: (err: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c as Buffer));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('institution valuation applications (api/org, api/org/tenant)', () => {
  let t: TestApi;
  let user: string;
  let channel: string;
  let otherUser: string;
  let otherChannel: string;
  let detailID: number;

  const get = (path: string, token: string) => t.http().get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object, token: string) => t.http().post(path).set('Authorization', `Bearer ${token}`).send(body);
  const houseInfo = JSON.stringify({
    cityCode: '110100',
    cityName: '北京市',
    propType: 11,
    haInfo: { haCode: '', haName: '望京花园' },
    cardAddress: '北京市朝阳区望京街1号院3号楼801',
    bldgArea: 88.5,
    floor: 8,
    bheight: 18,
    face: '1',
  });
  const request = (
    token: string,
    fields: Record<string, string> = {},
    files: { name: string; content: Buffer }[] = [{ name: '房产证.png', content: PNG }],
  ) => {
    let r = t.http().post('/api/org/req').set('Authorization', `Bearer ${token}`);
    const all = {
      reportType: '1',
      customerName: '王先生',
      customerPhone: '13912345678',
      remark: '贷款用途',
      evalType: '1',
      houseInfo,
      ...fields,
    };
    for (const [k, v] of Object.entries(all)) r = r.field(k, v);
    for (const f of files) r = r.attach('files', f.content, f.name);
    return r;
  };

  beforeAll(async () => {
    t = await startTestApi();
    user = await t.login('user', 'demouser');
    channel = await t.login('tenant', 'channeladmin');
    otherUser = await t.login('user', 'otheruser');
    otherChannel = await t.login('tenant', 'otherchannel');
  });
  afterAll(() => t.close());

  it('files an application with its attachment, which the organisation and its channel list and the customer reads back', async () => {
    const res = await request(user);
    expect(res.body).toMatchObject({ code: 200, message: AgencyMsg.submitted, data: { detailID: expect.any(Number) } });
    detailID = res.body.data.detailID;

    const mine = (await get('/api/org/list?pageIndex=1&pageSize=10', user).expect(200)).body.data;
    expect(mine).toMatchObject({ pageIndex: 1, pageInfo: { totalResults: 1, resultsPerPage: 10 } });
    expect(mine.items[0]).toMatchObject({
      detailID,
      customerName: '王先生',
      customerPhone: '13912345678',
      cityName: '北京市',
      haName: '望京花园',
      bldgArea: 88.5,
      reportType: true,
      reportStatus: 1,
      downloadUrl: [{ kind: 'attachment', index: 0, name: '房产证.png', size: PNG.length }],
      reportUrl: [],
      readstatus: 0,
      readstatusTenant: 1,
    });
    const theirs = (await get('/api/org/tenant/list?pageIndex=1&pageSize=10&reportType=1&reportStatus=1', channel).expect(200)).body.data;
    expect(theirs.items.map((i: { detailID: number }) => i.detailID)).toEqual([detailID]);
    expect(theirs.items[0]).toMatchObject({ applicantName: '演示用户', readstatusTenant: 1 });
    expect((await get('/api/org/tenant/list?pageIndex=1&pageSize=10&reportType=0', channel)).body.data.items).toEqual([]);

    const file = await get(`/api/org/tenant/download?detailID=${detailID}&kind=attachment&index=0`, channel)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('房产证.png'));
  });

  it("refuses bad requests with the form's messages and stores nothing", async () => {
    const before = (await get('/api/org/list?pageIndex=1&pageSize=10', user)).body.data.pageInfo.totalResults;
    expect((await request(user, { customerName: '' })).body).toMatchObject({ code: 400, message: AgencyMsg.customerNameRequired });
    expect((await request(user, { customerName: '一二三四五六七八九十一' })).body).toMatchObject({
      code: 400,
      message: AgencyMsg.customerNameRequired,
    });
    expect((await request(user, { customerPhone: '12345' })).body).toMatchObject({ code: 400, message: AgencyMsg.phoneInvalid });
    expect((await request(user, {}, [{ name: '报告.png', content: Buffer.from('MZ\x90\x00 not an image') }])).body).toMatchObject({
      code: 400,
      message: AgencyMsg.requestFileType,
    });
    expect(
      (
        await request(
          user,
          {},
          Array.from({ length: 6 }, (_, i) => ({ name: `图${i}.png`, content: PNG })),
        )
      ).body,
    ).toMatchObject({ code: 400, message: AgencyMsg.tooManyFiles });
    expect(
      (await request(user, {}, [{ name: '大.png', content: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) }])).body,
    ).toMatchObject({ code: 400, message: AgencyMsg.fileTooBig });
    expect((await get('/api/org/list?pageIndex=1&pageSize=10', user)).body.data.pageInfo.totalResults).toBe(before);
  });

  it('is received, then answered with prices and a report the customer downloads, each side keeping its own read marker', async () => {
    const noReceiver = await post('/api/org/tenant/receiverep', { detailID, receiverName: '', receiverPhone: '13800001111' }, channel);
    expect(noReceiver.body).toMatchObject({ code: 400, message: AgencyMsg.receiverNameRequired });
    const early = await t
      .http()
      .post('/api/org/tenant/pushreport')
      .set('Authorization', `Bearer ${channel}`)
      .field('detailID', String(detailID))
      .field('reportResult', '5600000')
      .field('reportResultSingle', '63276.84')
      .attach('files', PDF, '评估报告.pdf');
    expect(early.body).toMatchObject({ code: 400, message: AgencyWorkflowMsg.notReceived });

    const received = await post(
      '/api/org/tenant/receiverep',
      { detailID, receiverName: '李估价', receiverPhone: '0755-12345678' },
      channel,
    );
    expect(received.body).toMatchObject({ code: 200, data: { reportStatus: 2, receiverName: '李估价' } });
    expect(
      (await post('/api/org/tenant/receiverep', { detailID, receiverName: '李估价', receiverPhone: '13800001111' }, channel)).body,
    ).toMatchObject({ code: 400, message: AgencyWorkflowMsg.alreadyReceived });
    expect((await get('/api/org/list?pageIndex=1&pageSize=10', user)).body.data.items[0]).toMatchObject({ reportStatus: 2, readstatus: 1 });

    const badPrice = await t
      .http()
      .post('/api/org/tenant/pushreport')
      .set('Authorization', `Bearer ${channel}`)
      .field('detailID', String(detailID))
      .field('reportResult', '-1')
      .field('reportResultSingle', '63276.84')
      .attach('files', PDF, '评估报告.pdf');
    expect(badPrice.body).toMatchObject({ code: 400, message: AgencyMsg.totalPriceNegative });
    const noFile = await t
      .http()
      .post('/api/org/tenant/pushreport')
      .set('Authorization', `Bearer ${channel}`)
      .field('detailID', String(detailID))
      .field('reportResult', '5600000')
      .field('reportResultSingle', '63276.84');
    expect(noFile.body).toMatchObject({ code: 400, message: AgencyMsg.filesRequired });
    const image = await t
      .http()
      .post('/api/org/tenant/pushreport')
      .set('Authorization', `Bearer ${channel}`)
      .field('detailID', String(detailID))
      .field('reportResult', '5600000')
      .field('reportResultSingle', '63276.84')
      .attach('files', PNG, '照片.png');
    expect(image.body).toMatchObject({ code: 400, message: AgencyMsg.replyFileType });

    const replied = await t
      .http()
      .post('/api/org/tenant/pushreport')
      .set('Authorization', `Bearer ${channel}`)
      .field('detailID', String(detailID))
      .field('reportResult', '5600000')
      .field('reportResultSingle', '63276.84')
      .attach('files', PDF, '评估报告.pdf');
    expect(replied.body).toMatchObject({
      code: 200,
      data: {
        reportStatus: 3,
        totalPrice: 5_600_000,
        unitPrice: 63276.84,
        reportUrl: [{ kind: 'report', index: 0, name: '评估报告.pdf' }],
      },
    });

    const seen = (await get('/api/org/list?pageIndex=1&pageSize=10&reportStatus=3', user)).body.data.items[0];
    expect(seen).toMatchObject({ detailID, reportStatus: 3, reportResult: 5_600_000, readstatus: 1 });
    const detail = (await get(`/api/org/detail?detailID=${detailID}`, user).expect(200)).body.data;
    expect(detail).toMatchObject({
      remark: '贷款用途',
      otherInfo: {
        receiverName: '李估价',
        receiverPhone: '0755-12345678',
        totalPrice: 5_600_000,
        unitPrice: 63276.84,
        reportStatus: 3,
        cityCode: '110100',
      },
      houseInfo: { haName: '望京花园', floor: 8, bheight: 18, faceName: expect.any(String), reportType: true },
    });
    expect(detail.history.map((h: { event: string }) => h.event)).toEqual(['SUBMIT', 'RECEIVE', 'REPLY']);
    // Reading it changes the read marker, not the time it was last updated.
    await t.ds.query(`UPDATE agency_application SET updated_at = '2026-01-02 03:04:05+08' WHERE id = $1`, [detailID]);
    expect((await post('/api/org/updatereadstatus', { detailID, readstatus: 0 }, user)).body).toMatchObject({ code: 200 });
    expect((await get('/api/org/list?pageIndex=1&pageSize=10', user)).body.data.items[0]).toMatchObject({
      readstatus: 0,
      updateTime: '2026-01-02 03:04:05',
    });

    const report = await get(`/api/org/download?detailID=${detailID}&kind=report&index=0`, user).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(report.body as Buffer, PDF)).toBe(0);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect((await get(`/api/org/download?detailID=${detailID}&kind=report&index=3`, user)).body.code).toBe(404);
  });

  it('is received once when two staff receive it at the same moment', async () => {
    const id = (await request(user, { reportType: '0' })).body.data.detailID;
    const results = await Promise.all(
      ['甲', '乙'].map((name) =>
        post('/api/org/tenant/receiverep', { detailID: id, receiverName: name, receiverPhone: '13800001111' }, channel),
      ),
    );
    const winners = results.filter((r) => r.body.code === 200);
    expect(winners).toHaveLength(1);
    // The other one read it before or after the winner wrote: a conflict, or already received.
    expect([400, 409]).toContain(results.find((r) => r !== winners[0])!.body.code);
    const detail = (await get(`/api/org/tenant/detail?detailID=${id}`, channel)).body.data;
    expect(detail.otherInfo.receiverName).toBe(winners[0].body.data.receiverName);
  });

  it('exports both lists as workbooks', async () => {
    const user1 = await get('/api/org/list/export?reportType=2', user).buffer(true).parse(binary).expect(200);
    expect((user1.body as Buffer).subarray(0, 2).toString('latin1')).toBe('PK');
    const tenant = await get('/api/org/tenant/list/export', channel).buffer(true).parse(binary).expect(200);
    expect((tenant.body as Buffer).subarray(0, 2).toString('latin1')).toBe('PK');
    expect((await get('/api/org/list/export?reportType=0&reportStatus=3', user)).body).toMatchObject({ code: 404 });
  });

  it('keeps every application to its tenant and its organisation, and each side to its own endpoints', async () => {
    expect((await get(`/api/org/detail?detailID=${detailID}`, otherUser)).body).toMatchObject({
      code: 404,
      message: AgencyWorkflowMsg.notFound,
    });
    expect((await get(`/api/org/tenant/detail?detailID=${detailID}`, otherChannel)).body).toMatchObject({ code: 404 });
    expect((await get('/api/org/tenant/list?pageIndex=1&pageSize=10', otherChannel)).body.data.items).toEqual([]);
    expect((await get(`/api/org/download?detailID=${detailID}&kind=report&index=0`, otherUser)).body.code).toBe(404);
    expect(
      (await post('/api/org/tenant/receiverep', { detailID, receiverName: '张', receiverPhone: '13800001111' }, otherChannel)).body.code,
    ).toBe(404);
    // A token of the other population is not accepted on the other side's paths.
    expect((await get('/api/org/tenant/list?pageIndex=1&pageSize=10', user)).status).toBe(401);
    expect((await get('/api/org/list?pageIndex=1&pageSize=10', channel)).status).toBe(401);
  });

  describe('history and concurrency', () => {
    const reply = (id: number, fields: Record<string, string> = {}, files = [{ name: '评估报告.pdf', content: PDF }]) => {
      let r = t.http().post('/api/org/tenant/pushreport').set('Authorization', `Bearer ${channel}`);
      for (const [k, v] of Object.entries({ detailID: String(id), reportResult: '5600000', reportResultSingle: '63276.84', ...fields }))
        r = r.field(k, v);
      for (const f of files) r = r.attach('files', f.content, f.name);
      return r;
    };
    const stored = (id: number) => t.ds.getRepository(AgencyApplicationEntity).findOneByOrFail({ id: String(id) });
    const rows = (id: number) =>
      t.ds.getRepository(AgencyApplicationHistoryEntity).find({ where: { applicationId: String(id) }, order: { id: 'ASC' } });
    const tenantDetail = async (id: number) => (await get(`/api/org/tenant/detail?detailID=${id}`, channel).expect(200)).body.data;

    it('records every transition with who, when, the states and what changed, and both details show it', async () => {
      const applicant = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' });
      const staff = await t.ds.getRepository(TenantStaffEntity).findOneByOrFail({ loginUser: 'channeladmin' });
      const id = (await request(user)).body.data.detailID;
      expect((await post('/api/org/tenant/updatereadstatus', { detailID: id, readstatus: 0 }, channel)).body.code).toBe(200);
      expect((await tenantDetail(id)).version).toBe(1);
      expect(
        (
          await post(
            '/api/org/tenant/receiverep',
            { detailID: id, receiverName: '李估价', receiverPhone: '13800001111', version: 1 },
            channel,
          )
        ).body.code,
      ).toBe(200);
      expect((await post('/api/org/updatereadstatus', { detailID: id, readstatus: 0 }, user)).body.code).toBe(200);
      // The customer's reading is no news to the staff: the version they saw still stands.
      expect((await reply(id, { version: '2' })).body.code).toBe(200);
      expect((await post('/api/org/updatereadstatus', { detailID: id, readstatus: 0 }, user)).body.code).toBe(200);

      const history = await rows(id);
      expect(history.map((h) => [h.event, h.fromState, h.toState, h.actorPopulation, h.actorId, h.actorName])).toEqual([
        ['SUBMIT', null, 'pending', 'user', applicant.id, applicant.userName],
        ['READ', 'pending', 'pending', 'tenant', staff.id, staff.userName],
        ['RECEIVE', 'pending', 'received', 'tenant', staff.id, staff.userName],
        ['READ', 'received', 'received', 'user', applicant.id, applicant.userName],
        ['REPLY', 'received', 'done', 'tenant', staff.id, staff.userName],
        ['READ', 'done', 'done', 'user', applicant.id, applicant.userName],
      ]);
      expect(history.map((h) => h.data)).toEqual([
        { reportType: 1, evalType: 1, files: ['房产证.png'] },
        {},
        { receiverName: '李估价', receiverPhone: '13800001111' },
        {},
        { totalPrice: 5_600_000, unitPrice: 63276.84, files: ['评估报告.pdf'] },
        {},
      ]);
      expect(await stored(id)).toMatchObject({ version: 3, machineState: 'done', state: 3 });

      for (const detail of [(await get(`/api/org/detail?detailID=${id}`, user).expect(200)).body.data, await tenantDetail(id)]) {
        expect(detail.version).toBe(3);
        expect(detail.history).toEqual(
          history.map((h) => ({
            event: h.event,
            eventName: { SUBMIT: '提交申请', READ: '已读', RECEIVE: '接收', REPLY: '回复评估结果' }[h.event],
            fromState: h.fromState,
            toState: h.toState,
            actorPopulation: h.actorPopulation,
            actorName: h.actorName,
            time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
            data: h.data,
          })),
        );
      }
    });

    it('lets exactly one of two staff receive with the version they saw; the other gets 409 and writes nothing', async () => {
      const id = (await request(user)).body.data.detailID;
      const { version } = await tenantDetail(id);
      const results = await Promise.all(
        ['甲', '乙'].map((name) =>
          post('/api/org/tenant/receiverep', { detailID: id, receiverName: name, receiverPhone: '13800001111', version }, channel),
        ),
      );
      expect(results.map((r) => r.body.code).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.body.code === 200)!;
      expect(results.find((r) => r.body.code === 409)!.body).toEqual({ code: 409, message: AgencyWorkflowMsg.conflict, data: null });
      expect(await stored(id)).toMatchObject({ version: version + 1, state: 2, context: { receiverName: winner.body.data.receiverName } });
      expect((await rows(id)).map((h) => [h.event, h.data.receiverName ?? null])).toEqual([
        ['SUBMIT', null],
        ['RECEIVE', winner.body.data.receiverName],
      ]);
    });

    it('lets exactly one of two replies with the same version through; the other gets 409 and writes nothing', async () => {
      const id = (await request(user)).body.data.detailID;
      await post('/api/org/tenant/receiverep', { detailID: id, receiverName: '李估价', receiverPhone: '13800001111' }, channel).expect(200);
      const { version } = await tenantDetail(id);
      const results = await Promise.all([
        reply(id, { version: String(version), reportResult: '100' }, [{ name: '甲.pdf', content: PDF }]),
        reply(id, { version: String(version), reportResult: '200' }, [{ name: '乙.pdf', content: PDF }]),
      ]);
      expect(results.map((r) => r.body.code).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.body.code === 200)!.body.data;
      expect(results.find((r) => r.body.code === 409)!.body.message).toBe(AgencyWorkflowMsg.conflict);
      const row = await stored(id);
      expect(row).toMatchObject({ version: version + 1, state: 3, context: { totalPrice: winner.totalPrice } });
      expect(row.context.files.map((f) => f.name)).toEqual([winner.reportUrl[0].name]);
      expect((await rows(id)).map((h) => h.event)).toEqual(['SUBMIT', 'RECEIVE', 'REPLY']);
    });

    it('refuses what the state does not allow, and a version the caller did not see, changing nothing and recording nothing', async () => {
      const id = (await request(user)).body.data.detailID;
      const before = await stored(id);
      expect((await reply(id)).body).toMatchObject({ code: 400, message: AgencyWorkflowMsg.notReceived });
      expect(
        (
          await post(
            '/api/org/tenant/receiverep',
            { detailID: id, receiverName: '李估价', receiverPhone: '13800001111', version: 9 },
            channel,
          )
        ).body,
      ).toMatchObject({
        code: 409,
        message: AgencyWorkflowMsg.conflict,
      });
      expect(
        (
          await post(
            '/api/org/tenant/receiverep',
            { detailID: id, receiverName: '李估价', receiverPhone: '13800001111', version: 0 },
            channel,
          )
        ).body,
      ).toMatchObject({
        code: 400,
        message: AgencyMsg.versionInvalid,
      });
      expect(await stored(id)).toEqual(before);
      expect((await rows(id)).map((h) => h.event)).toEqual(['SUBMIT']);

      await post('/api/org/tenant/receiverep', { detailID: id, receiverName: '李估价', receiverPhone: '13800001111' }, channel).expect(200);
      const received = await stored(id);
      expect(
        (await post('/api/org/tenant/receiverep', { detailID: id, receiverName: '王', receiverPhone: '13800001111' }, channel)).body,
      ).toMatchObject({
        code: 400,
        message: AgencyWorkflowMsg.alreadyReceived,
      });
      expect((await reply(id, { version: String(received.version - 1) })).body).toMatchObject({
        code: 409,
        message: AgencyWorkflowMsg.conflict,
      });
      expect(await stored(id)).toEqual(received);
      expect((await rows(id)).map((h) => h.event)).toEqual(['SUBMIT', 'RECEIVE']);
    });
  });
});
