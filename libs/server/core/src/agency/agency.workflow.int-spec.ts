import type { DataSource } from 'typeorm';
import { AgencyWorkflowMsg, INITIAL_AGENCY_STATE, type AgencyActor } from '@valuation/domain';
import { AgencyApplicationEntity, AgencyApplicationHistoryEntity } from '@valuation/persistence';
import { openTestDataSource, type TestDatabase } from '@valuation/testing';
import { WorkflowConflictError, WorkflowRefusedError } from '../workflow/versioned-workflow';
import { agencyWorkflow } from './agency.workflow';

const customer: AgencyActor = { population: 'user', id: 3, name: '演示用户' };
const first: AgencyActor = { population: 'tenant', id: 7, name: '渠道员工甲' };
const second: AgencyActor = { population: 'tenant', id: 8, name: '渠道员工乙' };
const report = [{ name: '评估报告.pdf', key: 'agency/1/report.pdf', size: 10, type: 'application/pdf' }];

describe('agency workflow (versioned, with history)', () => {
  let db: TestDatabase;
  let ds: DataSource;

  const file = () =>
    ds.transaction((m) =>
      agencyWorkflow.create(
        m,
        {
          tenantId: 1,
          companyId: 10,
          organizationId: 11,
          accountId: customer.id,
          applicantName: customer.name,
          reportType: 1,
          evalType: 1,
          customerName: '王先生',
          customerPhone: '13912345678',
          cityCode: '110100',
          cityName: '北京市',
          machineState: INITIAL_AGENCY_STATE.value,
          context: INITIAL_AGENCY_STATE.context,
          state: 1,
        },
        { event: 'SUBMIT', actor: customer, data: { files: [] } },
      ),
    );
  const load = (id: string) => ds.getRepository(AgencyApplicationEntity).findOneByOrFail({ id });
  const history = (id: string) => agencyWorkflow.historyOf(ds.manager, id);
  const receive = (actor: AgencyActor, receiverName = actor.name) => ({
    type: 'RECEIVE' as const,
    actor,
    receiverName,
    receiverPhone: '13800001111',
  });

  beforeAll(async () => {
    ({ db, ds } = await openTestDataSource(4));
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('writes the state, the next version and one history row per transition, with who, when and what', async () => {
    const filed = await file();
    expect(filed).toMatchObject({ machineState: 'pending', state: 1, version: 1 });
    const received = await ds.transaction(async (m) =>
      agencyWorkflow.apply(m, await load(filed.id), receive(first, ' 李估价 '), { columns: () => ({ receivedAt: new Date() }) }),
    );
    expect(received).toMatchObject({ machineState: 'received', state: 2, version: 2, context: { receiverName: '李估价' } });
    expect(received.receivedAt).toBeInstanceOf(Date);
    const done = await ds.transaction(async (m) =>
      agencyWorkflow.apply(
        m,
        await load(filed.id),
        { type: 'REPLY', actor: first, totalPrice: 5_600_000, unitPrice: 63_276.84, files: report },
        { expectedVersion: 2 },
      ),
    );
    expect(done).toMatchObject({ machineState: 'done', state: 3, version: 3 });

    const rows = await history(filed.id);
    expect(rows.map((h) => [h.event, h.fromState, h.toState, h.actorPopulation, h.actorId, h.actorName])).toEqual([
      ['SUBMIT', null, 'pending', 'user', 3, '演示用户'],
      ['RECEIVE', 'pending', 'received', 'tenant', 7, '渠道员工甲'],
      ['REPLY', 'received', 'done', 'tenant', 7, '渠道员工甲'],
    ]);
    expect(rows[1].data).toEqual({ receiverName: '李估价', receiverPhone: '13800001111' });
    expect(rows[2].data).toEqual({ totalPrice: 5_600_000, unitPrice: 63_276.84, files: ['评估报告.pdf'] });
    for (const h of rows) expect(h.createdAt).toBeInstanceOf(Date);
  });

  it("records a side's reading without changing the version, so it is no news to the other side", async () => {
    const filed = await file();
    const read = await ds.transaction(async (m) => agencyWorkflow.apply(m, await load(filed.id), { type: 'READ', actor: first }));
    expect(read).toMatchObject({ machineState: 'pending', version: 1, context: { tenantRead: true } });
    const received = await ds.transaction(async (m) =>
      agencyWorkflow.apply(m, await load(filed.id), receive(second), { expectedVersion: 1 }),
    );
    expect(received).toMatchObject({ version: 2, context: { tenantRead: true, userRead: false } });
    expect((await history(filed.id)).map((h) => [h.event, h.fromState, h.toState, h.actorName])).toEqual([
      ['SUBMIT', null, 'pending', '演示用户'],
      ['READ', 'pending', 'pending', '渠道员工甲'],
      ['RECEIVE', 'pending', 'received', '渠道员工乙'],
    ]);
  });

  it('writes nothing when the transaction of a transition fails after it', async () => {
    const filed = await file();
    await expect(
      ds.transaction(async (m) => {
        await agencyWorkflow.apply(m, await load(filed.id), receive(first));
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await load(filed.id)).toMatchObject({ machineState: 'pending', version: 1 });
    expect((await history(filed.id)).map((h) => h.event)).toEqual(['SUBMIT']);
  });

  it('lets one of two staff win when both read the same version, and gives the other a conflict', async () => {
    const filed = await file();
    const runner = ds.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      const seenByFirst = await runner.manager.getRepository(AgencyApplicationEntity).findOneByOrFail({ id: filed.id });
      await ds.transaction(async (m) => agencyWorkflow.apply(m, await load(filed.id), receive(second)));
      await expect(agencyWorkflow.apply(runner.manager, seenByFirst, receive(first))).rejects.toThrow(
        new WorkflowConflictError(AgencyWorkflowMsg.conflict),
      );
      await runner.rollbackTransaction();
    } finally {
      await runner.release();
    }
    expect(await load(filed.id)).toMatchObject({ version: 2, context: { receiverName: '渠道员工乙' } });
    expect((await history(filed.id)).map((h) => [h.event, h.actorName])).toEqual([
      ['SUBMIT', '演示用户'],
      ['RECEIVE', '渠道员工乙'],
    ]);
  });

  it('refuses an event the state does not allow, or a version the actor did not see, and changes nothing', async () => {
    const filed = await file();
    const before = await load(filed.id);
    await expect(
      ds.transaction(async (m) =>
        agencyWorkflow.apply(m, await load(filed.id), { type: 'REPLY', actor: first, totalPrice: 1, unitPrice: 1, files: report }),
      ),
    ).rejects.toThrow(new WorkflowRefusedError(AgencyWorkflowMsg.notReceived));
    await expect(
      ds.transaction(async (m) => agencyWorkflow.apply(m, await load(filed.id), receive(first), { expectedVersion: 5 })),
    ).rejects.toThrow(WorkflowConflictError);
    await expect(ds.transaction(async (m) => agencyWorkflow.apply(m, await load(filed.id), receive({ ...customer })))).rejects.toThrow(
      WorkflowRefusedError,
    );
    expect(await load(filed.id)).toEqual(before);
    expect(await ds.getRepository(AgencyApplicationHistoryEntity).countBy({ applicationId: filed.id })).toBe(1);
    expect(agencyWorkflow.refusal(before, { type: 'REPLY', actor: first, totalPrice: 1, unitPrice: 1, files: report })).toBe(
      AgencyWorkflowMsg.notReceived,
    );
    expect(agencyWorkflow.refusal(before, receive(first))).toBeNull();
  });
});
