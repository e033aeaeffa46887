import { Test, type TestingModule } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ConfigModule } from '@valuation/config';
import { WorkflowMsg, type CaseActor } from '@valuation/domain';
import { AppraisalCaseEntity, PersistenceModule } from '@valuation/persistence';
import { createTestDatabase, type TestDatabase } from '@valuation/testing';
import { AppraisalCaseStore, CaseConflictError, CaseNotFoundError, type NewCase } from './appraisal-case.store';
import { WorkflowModule } from './workflow.module';

const requester: CaseActor = { population: 'user', id: 3, name: '演示用户' };
const first: CaseActor = { population: 'tenant', id: 7, name: '估价师一' };
const second: CaseActor = { population: 'tenant', id: 8, name: '估价师二' };

const request = (kind: NewCase['kind'] = 'artificial'): NewCase => ({
  kind,
  tenantId: 1,
  companyId: 10,
  organizationId: 11,
  accountId: requester.id,
  evalType: 1,
  evalCode: null,
  initiate: null,
  sourceId: null,
  cityCode: '110100',
  cityName: '北京',
  haCode: null,
  haName: '春晓花园',
  cardAddress: '北京市朝阳区团结湖路385号',
  location: null,
  bldgArea: '89.50',
  principalCode: null,
  houseInfo: {},
  reason: 1,
  otherReason: null,
  remark: '',
  proposedPrice: null,
  originalPrice: null,
  files: [],
});

describe('AppraisalCaseStore', () => {
  let db: TestDatabase;
  let moduleRef: TestingModule;
  let store: AppraisalCaseStore;
  let ds: DataSource;

  const create = (kind?: NewCase['kind']) => ds.transaction((m) => store.create(m, request(kind), requester));

  beforeAll(async () => {
    db = await createTestDatabase();
    process.env.DATABASE_URL = db.url;
    moduleRef = await Test.createTestingModule({ imports: [ConfigModule, PersistenceModule, WorkflowModule] }).compile();
    await moduleRef.init();
    store = moduleRef.get(AppraisalCaseStore);
    ds = moduleRef.get<DataSource>(getDataSourceToken());
  });

  afterAll(async () => {
    await moduleRef?.close();
    await db?.drop();
    delete process.env.DATABASE_URL;
  });

  it('files a pending case due by its service level and records every transition with who and when', async () => {
    const filed = await create('review');
    expect(filed).toMatchObject({ caseNo: expect.stringMatching(/^FP\d{16}$/), machineState: 'pending', state: 1, version: 1 });
    expect(filed.dueAt.getTime()).toBeGreaterThan(filed.createdAt.getTime() + 24 * 3_600_000);

    await store.apply(filed.id, 1, { type: 'CLAIM', actor: first });
    const answered = await store.apply(
      filed.id,
      1,
      { type: 'ANSWER', actor: first, totalPrice: 5_120_000, unitPrice: 57_207.82, reply: '参考同小区近三个月成交' },
      2,
    );
    expect(answered).toMatchObject({
      machineState: 'succeeded',
      state: 2,
      version: 3,
      reviewTotalPrice: '5120000.00',
      reviewUnitPrice: '57207.82',
      context: { read: false },
    });
    await store.apply(filed.id, 1, { type: 'READ', actor: requester });

    const stored = await ds.getRepository(AppraisalCaseEntity).findOneByOrFail({ id: filed.id });
    expect(stored).toMatchObject({ state: 2, version: 4, context: { assigneeId: 7, read: true }, reviewReply: '参考同小区近三个月成交' });
    const history = await store.historyOf(filed.id);
    expect(history.map((h) => [h.event, h.fromState, h.toState, h.actorName])).toEqual([
      ['SUBMIT', null, 'pending', '演示用户'],
      ['CLAIM', 'pending', 'claimed', '估价师一'],
      ['ANSWER', 'claimed', 'succeeded', '估价师一'],
      ['READ', 'succeeded', 'succeeded', '演示用户'],
    ]);
    expect(history[2].data).toEqual({ totalPrice: 5_120_000, unitPrice: 57_207.82, reply: '参考同小区近三个月成交' });
  });

  it('lets one of two appraisers claim a case at once; the other is refused and nothing else changes', async () => {
    const filed = await create();
    const outcomes = await Promise.allSettled([
      store.apply(filed.id, 1, { type: 'CLAIM', actor: first }),
      store.apply(filed.id, 1, { type: 'CLAIM', actor: second }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    // The loser either read the case before the winner committed (a conflict) or after (held by another).
    expect([WorkflowMsg.conflict, WorkflowMsg.claimedByOther]).toContain((refused.reason as Error).message);
    const stored = await ds.getRepository(AppraisalCaseEntity).findOneByOrFail({ id: filed.id });
    expect(stored.version).toBe(2);
    expect(await store.historyOf(filed.id)).toHaveLength(2);
  });

  it('answers a case once when two answers race on the same version: the second gets a conflict', async () => {
    const filed = await create();
    await store.apply(filed.id, 1, { type: 'CLAIM', actor: first });
    const answer = (reply: string) =>
      store.apply(filed.id, 1, { type: 'ANSWER', actor: first, totalPrice: 1_000_000, unitPrice: 20_000, reply }, 2);
    const outcomes = await Promise.allSettled([answer('甲'), answer('乙')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(CaseConflictError);
    const stored = await ds.getRepository(AppraisalCaseEntity).findOneByOrFail({ id: filed.id });
    expect(stored.version).toBe(3);
    expect((await store.historyOf(filed.id)).filter((h) => h.event === 'ANSWER')).toHaveLength(1);
  });

  it('refuses an event the state does not allow, an appraiser who does not hold the case, a stale version and another tenant', async () => {
    const filed = await create('objection');
    await expect(store.apply(filed.id, 1, { type: 'ANSWER', actor: first, reply: '已核实' })).rejects.toThrow(WorkflowMsg.notAssignee);
    await store.apply(filed.id, 1, { type: 'CLAIM', actor: first });
    await expect(store.apply(filed.id, 1, { type: 'ANSWER', actor: second, reply: '已核实' })).rejects.toThrow(WorkflowMsg.claimedByOther);
    await expect(store.apply(filed.id, 1, { type: 'REFUSE', actor: first, reason: '不处理' })).rejects.toThrow(WorkflowMsg.notAllowed);
    await expect(store.apply(filed.id, 1, { type: 'RELEASE', actor: first }, 1)).rejects.toThrow(CaseConflictError);
    await expect(store.apply(filed.id, 2, { type: 'RELEASE', actor: first })).rejects.toThrow(CaseNotFoundError);
    const stored = await ds.getRepository(AppraisalCaseEntity).findOneByOrFail({ id: filed.id });
    expect(stored).toMatchObject({ machineState: 'claimed', version: 2, reviewReply: null });
  });
});
