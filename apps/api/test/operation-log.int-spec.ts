import { OperationLogRepository, OrganizationEntity, TenantStaffEntity, type OperationLogWrite } from '@valuation/persistence';
import { IsNull } from 'typeorm';
import { startTestApi, type TestApi } from './test-api';

describe('operation log (channel systemLog)', () => {
  let t: TestApi;
  let channeladmin: string;
  let appraiser: string;
  let demoCompany: OrganizationEntity;
  let staffId: number;

  const list = (query: Record<string, string | number> = {}, token = channeladmin) =>
    t
      .http()
      .get('/api/tenant/logs/list')
      .query({ pageIndex: 1, pageSize: 10, timestamp: Date.now(), ...query })
      .set({ Authorization: `Bearer ${token}` });

  /** Writes a row as the API's administrative changes do, then dates it. */
  async function logRow(row: Partial<OperationLogWrite>, at: string): Promise<void> {
    await t.ds.transaction((m) =>
      t.app.get(OperationLogRepository).write(m, {
        tenantId: t.demoTenantId,
        population: 'tenant',
        actorId: staffId,
        actorLogin: 'channeladmin',
        actorName: '渠道管理员',
        companyId: null,
        action: '新增客户类别',
        detail: '',
        ip: '10.0.0.8',
        targetType: 'customer-category',
        targetId: '1',
        changes: null,
        ...row,
      }),
    );
    await t.ds.query(`UPDATE operation_log SET operate_time = $1 WHERE id = (SELECT max(id) FROM operation_log)`, [at]);
  }

  beforeAll(async () => {
    t = await startTestApi();
    channeladmin = await t.login('tenant', 'channeladmin');
    appraiser = await t.login('tenant', 'appraiser1');
    demoCompany = await t.ds
      .getRepository(OrganizationEntity)
      .findOneByOrFail({ tenantId: t.demoTenantId, parentId: IsNull(), name: '北京示范银行' });
    staffId = (await t.ds.getRepository(TenantStaffEntity).findOneByOrFail({ loginUser: 'channeladmin' })).id;
    await t.ds.query('DELETE FROM operation_log');
    await logRow({ action: '新增客户类别', detail: '银行：名称：银行' }, '2026-03-01T02:00:00Z');
    await logRow(
      {
        population: 'user',
        actorId: 7,
        actorLogin: 'demoadmin',
        actorName: '示范管理员',
        companyId: demoCompany.id,
        action: '编辑业务类型',
        detail: '按揭：名称：按揭 → 按揭贷款',
      },
      // 00:10 on 2026-03-02 in Beijing
      '2026-03-01T16:10:00Z',
    );
    await logRow({ action: '删除角色', detail: '访客' }, '2026-03-02T15:59:59Z');
    await logRow(
      { tenantId: t.otherTenantId, actorLogin: 'othchannel', actorName: '他人渠道', action: '删除角色' },
      '2026-03-02T03:00:00Z',
    );
  });

  afterAll(() => t?.close());

  it('lists the rows of the caller’s tenant, staff and customer accounts alike, newest first', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.list.map((r: { operateLog: string }) => r.operateLog)).toEqual([
      '删除角色：访客',
      '编辑业务类型：按揭：名称：按揭 → 按揭贷款',
      '新增客户类别：银行：名称：银行',
    ]);
    expect(res.body.data.list[1]).toMatchObject({
      operatorType: 2,
      loginUser: 'demoadmin',
      operateName: '示范管理员',
      companyName: '北京示范银行',
      operateTime: '2026-03-02 00:10:00',
    });
    expect(res.body.data.list[0]).toMatchObject({
      operatorType: 1,
      operateBy: staffId,
      companyName: '',
      ip: '10.0.0.8',
      operateTime: '2026-03-02 23:59:59',
    });
  });

  it('filters by Beijing days: one day holds 00:10 and 23:59:59 of that day and nothing of the day before', async () => {
    const res = await list({ beginDate: '2026/03/02', endDate: '2026/03/02' });
    expect(res.body.data.list.map((r: { operateTime: string }) => r.operateTime)).toEqual(['2026-03-02 23:59:59', '2026-03-02 00:10:00']);
    expect((await list({ endDate: '2026/03/01' })).body.data.total).toBe(1);
  });

  it('filters by the operator’s account and name, contained and with LIKE characters taken literally', async () => {
    expect((await list({ loginUser: 'DEMO' })).body.data.list.map((r: { loginUser: string }) => r.loginUser)).toEqual(['demoadmin']);
    expect((await list({ userName: '渠道' })).body.data.total).toBe(2);
    expect((await list({ userName: '%' })).body.data.total).toBe(0);
  });

  it('pages', async () => {
    const res = await list({ pageSize: 10, pageIndex: 2 });
    expect(res.body.data).toMatchObject({ list: [], total: 3, pages: 1, pageNum: 2 });
  });

  it('refuses bad filters with the message and a 400', async () => {
    const dates = await list({ beginDate: '2026/03/05', endDate: '2026/03/01' });
    expect(dates.status).toBe(400);
    expect(dates.body.message).toBe('开始日期不能晚于结束日期');
    expect((await list({ beginDate: '2026-13-01' })).status).toBe(400);
    expect((await list({ pageSize: 7 })).body.message).toBe('每页条数只能为10、50、100、200');
    expect((await list({ loginUser: 'x'.repeat(19) })).status).toBe(400);
  });

  it('is refused to staff without the operation log permission and to customer tokens', async () => {
    expect((await list({}, appraiser)).status).toBe(403);
    const user = await t.login('user', 'demoadmin');
    expect((await list({}, user)).status).toBe(401);
  });
});
