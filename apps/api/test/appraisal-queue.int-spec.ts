import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES, type AuditRecordPayload } from '@valuation/contracts';
import { AppraisalCaseStore, DEMO_PASSWORD, hashPassword, type NewCase } from '@valuation/core';
import { addDays, AppraisalMsg, businessToday, monthKey, Perm, shiftMonth, WorkflowMsg, type CaseActor } from '@valuation/domain';
import {
  AccountEntity,
  AppraisalCaseEntity,
  CommunityEntity,
  EvalRecordEntity,
  MarketCaseEntity,
  PriceIndexEntity,
  RoleEntity,
  RolePermissionEntity,
  TenantStaffEntity,
  TenantStaffRoleEntity,
} from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { startTestApi, type TestApi } from './test-api';

const DAY = 86_400_000;
/** Business-calendar dates, as the server counts recent cases and index months. */
const monthStart = (monthsAgo: number) => `${shiftMonth(monthKey(), -monthsAgo)}-01`;

interface Row {
  id: number;
  caseNo: string;
  kind: string;
  kindName: string;
  overdue: boolean;
  version: number;
  assigneeName: string | null;
  mine: boolean;
  companyName: string;
  [k: string]: unknown;
}

describe('appraisers’ queue (api/tenant/appraisal)', () => {
  let t: TestApi;
  let store: AppraisalCaseStore;
  let appraiser: string;
  let otherAppraiser: string;
  let channelAdmin: string;
  /** A staff account that sees the queue (113) but may neither claim (114) nor answer (115). */
  let viewer: string;
  let requester: CaseActor;
  let owner: Pick<NewCase, 'tenantId' | 'companyId' | 'organizationId' | 'accountId'>;
  let otherOwner: typeof owner;
  const ids: Record<string, number> = {};
  const PDF = Buffer.from('%PDF-1.4\n% 估价附件\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  const get = (path: string, token = appraiser) => t.http().get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object, token = appraiser) => t.http().post(path).set('Authorization', `Bearer ${token}`).send(body);
  const queue = async (query = '', token = appraiser) => {
    const res = await get(`/api/tenant/appraisal/queue?${query}`, token);
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.data as { list: Row[]; total: number; pages: number; pageNum: number };
  };
  const auditEvents = async (action: string): Promise<AuditRecordPayload[]> => {
    const jobs = await t.app.get<Queue>(getQueueToken(QUEUES.audit)).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    return jobs.map((j) => j.data as AuditRecordPayload).filter((d) => d.action === action);
  };
  const detail = async (id: number) => (await get(`/api/tenant/appraisal/case?id=${id}`).expect(200)).body.data;

  async function file(
    name: string,
    kind: NewCase['kind'],
    extra: Partial<NewCase> = {},
    at?: { createdDaysAgo?: number; dueInHours?: number },
    who = owner,
  ) {
    const created = await t.ds.transaction((m) =>
      store.create(
        m,
        {
          kind,
          ...who,
          evalType: 1,
          evalCode: null,
          initiate: null,
          sourceId: null,
          cityCode: '110100',
          cityName: '北京市',
          haCode: null,
          haName: '阳光花园',
          cardAddress: '北京市朝阳区阳光路1号院2号楼301',
          location: '朝阳区阳光路1号',
          bldgArea: '100.00',
          principalCode: null,
          houseInfo: { propType: 11, floor: 3 },
          reason: 1,
          otherReason: null,
          remark: `${name}的备注`,
          proposedPrice: null,
          originalPrice: null,
          files: [],
          ...extra,
        },
        requester,
      ),
    );
    const patch: Partial<AppraisalCaseEntity> = {};
    if (at?.createdDaysAgo !== undefined) patch.createdAt = new Date(Date.now() - at.createdDaysAgo * DAY);
    if (at?.dueInHours !== undefined) patch.dueAt = new Date(Date.now() + at.dueInHours * 3_600_000);
    if (Object.keys(patch).length) await t.ds.getRepository(AppraisalCaseEntity).update({ id: created.id }, patch);
    ids[name] = Number(created.id);
    return ids[name];
  }

  beforeAll(async () => {
    t = await startTestApi();
    store = t.app.get(AppraisalCaseStore);
    const account = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' });
    owner = { tenantId: account.tenantId, companyId: account.companyId, organizationId: account.organizationId, accountId: account.id };
    requester = { population: 'user', id: account.id, name: account.userName };
    const other = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'otheruser' });
    otherOwner = { tenantId: other.tenantId, companyId: other.companyId, organizationId: other.organizationId, accountId: other.id };

    const community = await t.ds.getRepository(CommunityEntity).save(
      t.ds.getRepository(CommunityEntity).create({
        haCode: 'TAQ001',
        name: '阳光花园',
        cityCode: '110100',
        distCode: '110105',
        address: '北京市朝阳区阳光路1号',
        lat: 39.92,
        lon: 116.46,
        propTypes: '11',
        source: 'test',
      }),
    );
    let seq = 0;
    const marketCase = (daysAgo: number, unitPrice: number, tradeType = 1) =>
      t.ds.getRepository(MarketCaseEntity).create({
        caseKey: `taq-${++seq}`,
        communityId: community.id,
        cityCode: '110100',
        distCode: '110105',
        tradeType,
        propType: 11,
        area: '100.00',
        rooms: 2,
        halls: 1,
        floor: 5,
        totalFloors: 18,
        totalPrice: String(unitPrice * 100),
        unitPrice: String(unitPrice),
        caseDate: addDays(businessToday(), -daysAgo),
        source: 'test',
      });
    await t.ds
      .getRepository(MarketCaseEntity)
      .save([
        ...Array.from({ length: 22 }, (_, i) => marketCase(5 + i * 10, 60000 + i * 100)),
        marketCase(400, 50000),
        marketCase(10, 120, 2),
      ]);
    await t.ds.getRepository(PriceIndexEntity).save(
      [3, 2, 1].map((ago, i) =>
        t.ds.getRepository(PriceIndexEntity).create({
          scope: 'community',
          scopeCode: 'TAQ001',
          tradeType: 1,
          propType: 11,
          month: monthStart(ago),
          avgUnitPrice: String(60000 + i * 500),
          medianUnitPrice: '60000',
          caseCount: 3,
        }),
      ),
    );
    const samples = [
      {
        id: 's1',
        haName: '阳光花园',
        areaSize: 98,
        floor: 6,
        bheight: 18,
        br: 2,
        lr: 1,
        ba: 1,
        offerTime: '2025-05-01',
        totalPrice: 5_900_000,
        unitPrice: 60204.08,
      },
      {
        id: 's2',
        haName: '阳光花园',
        areaSize: 102,
        floor: 9,
        bheight: 18,
        br: 3,
        lr: 1,
        ba: 1,
        offerTime: '2025-04-20',
        totalPrice: 6_200_000,
        unitPrice: 60784.31,
      },
    ];
    await t.ds.getRepository(EvalRecordEntity).insert({
      evalCode: 'EVLTAQ000001',
      rootEvalCode: 'EVLTAQ000001',
      ...owner,
      evalType: 1,
      method: 'forsale',
      state: 1,
      cityCode: '110100',
      cityName: '北京市',
      propType: 11,
      haCode: 'TAQ001',
      haName: '阳光花园',
      cardAddress: '北京市朝阳区阳光路1号院2号楼301',
      location: '朝阳区阳光路1号',
      principalCode: null,
      bldgArea: '100.00',
      totalPrice: '6000000.00',
      unitPrice: '60000.00',
      engineVersion: 'test',
      input: {},
      result: { samples },
    });
    await t.app.get(ObjectStorage).put(`cases/${owner.tenantId}/taq-contract.pdf`, PDF, PDF.length, 'application/pdf');

    // Due times: one overdue enquiry, a re-appraisal due soon, an objection due later.
    await file('fresh', 'artificial', {}, { createdDaysAgo: 0, dueInHours: 40 });
    await file('overdue', 'artificial', { cityCode: '310100', cityName: '上海市' }, { createdDaysAgo: 10, dueInHours: -5 });
    await file(
      'review',
      'review',
      {
        evalCode: 'EVLTAQ000001',
        initiate: 1,
        haCode: 'TAQ001',
        originalPrice: '6000000.00',
        proposedPrice: '6500000.00',
        files: [{ key: `cases/${owner.tenantId}/taq-contract.pdf`, name: '购房合同.pdf', size: PDF.length, type: 'application/pdf' }],
      },
      { createdDaysAgo: 1, dueInHours: 2 },
    );
    await file(
      'objection',
      'objection',
      { originalPrice: '6000000.00', proposedPrice: '5500000.00' },
      { createdDaysAgo: 3, dueInHours: 20 },
    );
    await file('foreign', 'artificial', { cityCode: '110100', cityName: '北京市' }, { createdDaysAgo: 0, dueInHours: -1 }, otherOwner);

    appraiser = await t.login('tenant', 'appraiser1');
    otherAppraiser = await t.login('tenant', 'otherapprsr');
    channelAdmin = await t.login('tenant', 'channeladmin');

    const role = await t.ds
      .getRepository(RoleEntity)
      .save({ tenantId: owner.tenantId, kind: 'tenant', companyId: null, code: '2901', name: '只读估价师', remark: null });
    await t.ds.getRepository(RolePermissionEntity).save({ roleId: role.id, permissionId: Perm.appraiser });
    const staff = await t.ds.getRepository(TenantStaffEntity).save({
      tenantId: owner.tenantId,
      loginUser: 'queueviewer',
      userName: '只读估价师',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      email: null,
      mobilePhone: '13712340099',
      status: 0,
      expireDate: null,
    });
    await t.ds.getRepository(TenantStaffRoleEntity).save({ staffId: staff.id, roleId: role.id });
    viewer = await t.login('tenant', 'queueviewer');
  });
  afterAll(() => t.close());

  it('lists the tenant’s open cases, overdue first and then by due time, with the requester’s company', async () => {
    const page = await queue();
    expect(page).toMatchObject({ total: 4, pages: 1, pageNum: 1 });
    expect(page.list.map((r) => r.id)).toEqual([ids.overdue, ids.review, ids.objection, ids.fresh]);
    expect(page.list[0]).toMatchObject({
      kind: 'artificial',
      kindName: '人工询价',
      state: 1,
      machineState: 'pending',
      cityName: '上海市',
      haName: '阳光花园',
      bldgArea: 100,
      evalType: 1,
      overdue: true,
      assigneeName: null,
      mine: false,
      version: 1,
      companyName: '北京示范银行',
      caseNo: expect.stringMatching(/^RG\d{16}$/),
      submitTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      dueTime: expect.any(String),
    });
    expect(page.list.map((r) => r.kindName)).toEqual(['人工询价', '人工复评', '价格异议', '人工询价']);
    expect(page.list.filter((r) => r.overdue)).toHaveLength(1);
    expect((await get('/api/tenant/appraisal/counts').expect(200)).body.data).toEqual({ open: 4, overdue: 1, mine: 0 });
  });

  it('filters by kind, city, age and paging', async () => {
    expect((await queue('kind=objection')).list.map((r) => r.id)).toEqual([ids.objection]);
    expect((await queue('kind=review&state=all')).list.map((r) => r.id)).toEqual([ids.review]);
    expect((await queue('city=上海')).list.map((r) => r.id)).toEqual([ids.overdue]);
    expect((await queue('city=110100')).list.map((r) => r.id)).toEqual([ids.review, ids.objection, ids.fresh]);
    expect((await queue('age=within:2')).list.map((r) => r.id)).toEqual([ids.review, ids.fresh]);
    expect((await queue('age=older:7')).list.map((r) => r.id)).toEqual([ids.overdue]);
    expect(await queue('pageSize=10&pageIndex=2')).toMatchObject({ list: [], total: 4, pageNum: 2 });
    expect((await queue('state=answered')).total).toBe(0);
    const bad = await get('/api/tenant/appraisal/queue?pageSize=20');
    expect(bad.body).toMatchObject({ code: 400, message: '每页条数只能为10、50、100、200' });
    expect((await get('/api/tenant/appraisal/queue?kind=other')).body).toMatchObject({ code: 400, message: AppraisalMsg.kindInvalid });
  });

  it('gives a case with the requester, the automatic valuation and its samples, recent cases and the price trend', async () => {
    const c = await detail(ids.review);
    expect(c).toMatchObject({
      id: ids.review,
      kind: 'review',
      kindName: '人工复评',
      state: 1,
      version: 1,
      mine: false,
      originalPrice: 6_000_000,
      proposedPrice: 6_500_000,
      files: [{ index: 0, name: '购房合同.pdf', size: PDF.length, type: 'application/pdf' }],
      requester: { accountName: '演示用户', loginUser: 'demouser', organizationName: '朝阳支行', companyName: '北京示范银行' },
      valuation: { record: { evalCode: 'EVLTAQ000001', totalPrice: 6_000_000, unitPrice: 60_000 }, samples: [{ id: 's1' }, { id: 's2' }] },
      history: [{ event: 'SUBMIT', eventName: '提交', actorName: '演示用户' }],
    });
    expect(c.recentCases).toHaveLength(20);
    expect(c.recentCases[0]).toMatchObject({ area: 100, unitPrice: 60000, totalPrice: 6_000_000, rooms: 2, floor: 5, totalFloors: 18 });
    expect(c.recentCases.every((r: { unitPrice: number }) => r.unitPrice >= 60000)).toBe(true);
    expect(c.priceTrend).toMatchObject({ source: 'community', X: 0.0083, R: null });
    expect(c.priceTrend.series.map((p: { value: number }) => p.value)).toEqual([60000, 60500, 61000]);

    const plain = await detail(ids.fresh);
    expect(plain).toMatchObject({ valuation: null, recentCases: [], priceTrend: { series: [], X: null, R: null }, files: [] });
  });

  it('downloads an attachment with the token in the query', async () => {
    const res = await t
      .http()
      .get(`/api/tenant/appraisal/file?id=${ids.review}&index=0&Authorization=${encodeURIComponent(appraiser)}`)
      .buffer(true)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('购房合同.pdf'));
    expect(Buffer.compare(res.body as Buffer, PDF)).toBe(0);
    expect((await get(`/api/tenant/appraisal/file?id=${ids.review}&index=1`)).body).toMatchObject({
      code: 404,
      message: AppraisalMsg.fileIndexInvalid,
    });
    expect((await get(`/api/tenant/appraisal/file?id=${ids.review}&index=0`, otherAppraiser)).body).toMatchObject({ code: 404 });
  });

  it('claims, releases and answers a manual enquiry with the version the appraiser saw', async () => {
    const id = ids.fresh;
    const claimed = await post('/api/tenant/appraisal/claim', { id, version: 1 }).expect(200);
    expect(claimed.body).toMatchObject({
      code: 200,
      message: AppraisalMsg.claimed,
      data: { machineState: 'claimed', version: 2, assigneeName: '估价师一' },
    });
    expect((await queue('mine=true')).list.map((r) => [r.id, r.mine])).toEqual([[id, true]]);
    expect((await get('/api/tenant/appraisal/counts')).body.data).toMatchObject({ mine: 1 });

    expect((await post('/api/tenant/appraisal/release', { id, version: 2 }).expect(200)).body.data).toMatchObject({
      machineState: 'pending',
      version: 3,
      assigneeName: null,
    });
    const stale = await post('/api/tenant/appraisal/claim', { id, version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 409, message: WorkflowMsg.conflict });
    const unclaimed = await post('/api/tenant/appraisal/answer', {
      id,
      version: 3,
      totalPrice: 6_100_000,
      unitPrice: 61000,
      reply: '参考近期成交',
    });
    expect(unclaimed.body).toMatchObject({ code: 400, message: WorkflowMsg.notAssignee });

    await post('/api/tenant/appraisal/claim', { id, version: 3 }).expect(200);
    const noPrice = await post('/api/tenant/appraisal/answer', { id, version: 4, reply: '参考近期成交' });
    expect(noPrice.body).toMatchObject({ code: 400, message: AppraisalMsg.totalPriceRequired });
    const badPrice = await post('/api/tenant/appraisal/answer', {
      id,
      version: 4,
      totalPrice: -5,
      unitPrice: 61000,
      reply: '参考近期成交',
    });
    expect(badPrice.body).toMatchObject({ code: 400, message: AppraisalMsg.totalPriceInvalid });
    const answered = await post('/api/tenant/appraisal/answer', {
      id,
      version: 4,
      totalPrice: 6_100_000,
      unitPrice: 61000.5,
      reply: '参考同小区近三个月成交',
    }).expect(200);
    expect(answered.body).toMatchObject({
      message: AppraisalMsg.answered,
      data: {
        state: 2,
        machineState: 'succeeded',
        reviewTotalPrice: 6_100_000,
        reviewUnitPrice: 61000.5,
        reviewReply: '参考同小区近三个月成交',
      },
    });

    const c = await detail(id);
    expect(c.history.map((h: { event: string; actorName: string }) => [h.event, h.actorName])).toEqual([
      ['SUBMIT', '演示用户'],
      ['CLAIM', '估价师一'],
      ['RELEASE', '估价师一'],
      ['CLAIM', '估价师一'],
      ['ANSWER', '估价师一'],
    ]);
    const caseNo = c.caseNo as string;
    expect((await auditEvents('领取案件')).filter((e) => e.detail === `人工询价 ${caseNo}`)).toHaveLength(2);
    expect(await auditEvents('答复案件')).toEqual([
      expect.objectContaining({ detail: `人工询价 ${caseNo}`, actorLogin: 'appraiser1', actorName: '估价师一', population: 'tenant' }),
    ]);
    expect((await queue()).list.map((r) => r.id)).not.toContain(id);
    expect((await queue('state=answered')).list.map((r) => r.id)).toEqual([id]);
  });

  it('answers once when two answers come with the same version: one 200, one 409', async () => {
    const id = await file('race', 'review', {}, { dueInHours: 30 });
    await post('/api/tenant/appraisal/claim', { id, version: 1 }).expect(200);
    const answer = (reply: string) =>
      post('/api/tenant/appraisal/answer', { id, version: 2, totalPrice: '5000000', unitPrice: '50000', reply });
    const results = await Promise.all([answer('甲'), answer('乙')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(WorkflowMsg.conflict);
    const c = await detail(id);
    expect(c.version).toBe(3);
    expect(c.history.filter((h: { event: string }) => h.event === 'ANSWER')).toHaveLength(1);
  });

  it('refuses a manual enquiry with a reason, but never an objection, which is answered with a reply only', async () => {
    const id = ids.overdue;
    await post('/api/tenant/appraisal/claim', { id, version: 1 }).expect(200);
    expect((await post('/api/tenant/appraisal/refuse', { id, version: 2, reason: ' ' })).body).toMatchObject({
      code: 400,
      message: AppraisalMsg.reasonRequired,
    });
    const refused = await post('/api/tenant/appraisal/refuse', { id, version: 2, reason: '房屋信息不全，无法估价' }).expect(200);
    expect(refused.body).toMatchObject({
      message: AppraisalMsg.refused,
      data: { state: 3, machineState: 'failed', refuseReason: '房屋信息不全，无法估价' },
    });

    const objection = ids.objection;
    await post('/api/tenant/appraisal/claim', { id: objection, version: 1 }).expect(200);
    const refuseObjection = await post('/api/tenant/appraisal/refuse', { id: objection, version: 2, reason: '不处理' });
    expect(refuseObjection.status).toBe(400);
    expect(refuseObjection.body).toMatchObject({ code: 400, message: WorkflowMsg.notAllowed });
    const answered = await post('/api/tenant/appraisal/answer', { id: objection, version: 2, reply: '经核实维持原估价' }).expect(200);
    expect(answered.body.data).toMatchObject({
      state: 2,
      machineState: 'completed',
      reviewReply: '经核实维持原估价',
      reviewTotalPrice: null,
    });
  });

  it('answers 404 for a case of another tenant and keeps each tenant to its own queue', async () => {
    const foreign = ids.foreign;
    for (const [path, body] of [
      ['/api/tenant/appraisal/claim', { id: foreign, version: 1 }],
      ['/api/tenant/appraisal/answer', { id: foreign, version: 1, reply: '答复' }],
      ['/api/tenant/appraisal/refuse', { id: foreign, version: 1, reason: '退回' }],
    ] as const) {
      const res = await post(path, body);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 404, message: WorkflowMsg.notFound });
    }
    expect((await get(`/api/tenant/appraisal/case?id=${foreign}`)).body).toMatchObject({ code: 404, message: WorkflowMsg.notFound });
    expect((await queue('state=all', otherAppraiser)).list.map((r) => r.id)).toEqual([foreign]);
    expect((await post('/api/tenant/appraisal/claim', { id: ids.review, version: 1 }, otherAppraiser)).status).toBe(404);
    const stored = await t.ds.getRepository(AppraisalCaseEntity).findOneByOrFail({ id: String(foreign) });
    expect(stored).toMatchObject({ version: 1, machineState: 'pending' });
  });

  it('refuses staff without the appraiser permissions, and claims and answers to staff who only see the queue', async () => {
    for (const res of [
      await get('/api/tenant/appraisal/queue', channelAdmin),
      await get('/api/tenant/appraisal/counts', channelAdmin),
      await get(`/api/tenant/appraisal/case?id=${ids.review}`, channelAdmin),
      await post('/api/tenant/appraisal/claim', { id: ids.review, version: 1 }, channelAdmin),
      await post('/api/tenant/appraisal/answer', { id: ids.review, version: 1, totalPrice: 1, unitPrice: 1, reply: '答复' }, channelAdmin),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await get('/api/appraisal/queue', appraiser)).status).toBe(404);

    expect((await queue('', viewer)).total).toBeGreaterThan(0);
    expect((await get(`/api/tenant/appraisal/case?id=${ids.review}`, viewer)).status).toBe(200);
    for (const res of [
      await post('/api/tenant/appraisal/claim', { id: ids.review, version: 1 }, viewer),
      await post('/api/tenant/appraisal/release', { id: ids.review, version: 1 }, viewer),
      await post('/api/tenant/appraisal/answer', { id: ids.review, version: 1, totalPrice: 1, unitPrice: 1, reply: '答复' }, viewer),
      await post('/api/tenant/appraisal/refuse', { id: ids.review, version: 1, reason: '退回' }, viewer),
    ]) {
      expect(res.status).toBe(403);
    }
    const stored = await t.ds.getRepository(AppraisalCaseEntity).findOneByOrFail({ id: String(ids.review) });
    expect(stored.version).toBe(1);
  });
});
