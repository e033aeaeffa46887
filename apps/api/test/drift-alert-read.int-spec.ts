import { RevaluationRunner } from '@valuation/core';
import { RevalMsg } from '@valuation/domain';
import { OperationLogEntity } from '@valuation/persistence';
import { revaluationBook } from './revaluation-fixture';
import { startTestApi, type TestApi } from './test-api';

describe('read state of drift alerts', () => {
  let t: TestApi;
  let admin: string;
  let branchUser: string;
  let alertIds: number[];

  const get = (url: string, token = admin) => t.http().get(url).set('Authorization', `Bearer ${token}`);
  const read = (body: Record<string, unknown> | string, token = admin) =>
    typeof body === 'string'
      ? t.http().post('/api/reval/alerts/read').set('Authorization', `Bearer ${token}`).type('form').send(body)
      : t.http().post('/api/reval/alerts/read').set('Authorization', `Bearer ${token}`).send(body);
  const unread = async (token = admin) => {
    const res = await get('/api/reval/alerts/unread', token).expect(200);
    return res.body.data as number;
  };

  beforeAll(async () => {
    t = await startTestApi();
    admin = await t.login('user', 'demoadmin');
    await revaluationBook(t, admin, 2);
    const { runId } = (await t.http().post('/api/reval/run').set('Authorization', `Bearer ${admin}`).expect(200)).body.data;
    await t.app.get(RevaluationRunner).runChunk(String(runId), 0);
    alertIds = ((await t.ds.query(`SELECT id::int AS id FROM drift_alert WHERE run_id = $1 ORDER BY id`, [runId])) as { id: number }[]).map(
      (r) => r.id,
    );
    expect(alertIds.length).toBe(2);
    // One alert belongs to an asset of the 朝阳支行 user, whose range is its own rows once it holds the collateral permission.
    const [branch] = await t.ds.query(`SELECT id, organization_id FROM account WHERE login_user = 'demouser'`);
    await t.ds.query(`UPDATE drift_alert SET organization_id = $2, account_id = $3 WHERE id = $1`, [
      alertIds[1],
      branch.organization_id,
      branch.id,
    ]);
    await t.ds.query(
      `INSERT INTO role_permission (role_id, permission_id) SELECT id, 116 FROM role WHERE tenant_id = $1 AND code = '1002'
       ON CONFLICT DO NOTHING`,
      [t.demoTenantId],
    );
    branchUser = await t.login('user', 'demouser');
  }, 180_000);

  afterAll(() => t?.close());

  it('counts the unread alerts of the caller data range', async () => {
    expect(await unread()).toBe(2);
    expect(await unread(branchUser)).toBe(1);
    const list = (await get('/api/reval/alerts?pageSize=50').expect(200)).body.data.list as { id: number; read: boolean }[];
    expect(list.map((a) => [a.id, a.read]).sort()).toEqual(alertIds.map((id) => [id, false]));
    expect((await get('/api/reval/alerts/unread', await t.login('user', 'demorent')).expect(403)).body.code).toBe(403);
  });

  it('marks alerts read by id within the data range only, and logs it', async () => {
    const outside = await read({ ids: [alertIds[0]] }, branchUser).expect(200);
    expect(outside.body).toMatchObject({ code: 200, data: { marked: 0 } });
    expect(await unread()).toBe(2);

    const own = await read(`ids=${alertIds[1]}`, branchUser).expect(200);
    expect(own.body).toEqual({ code: 200, message: RevalMsg.readMarked, data: { marked: 1 } });
    expect(await unread(branchUser)).toBe(0);
    expect(await unread()).toBe(1);
    const [row] = await t.ds.query(`SELECT read_at IS NOT NULL AS read, read_by FROM drift_alert WHERE id = $1`, [alertIds[1]]);
    const [branch] = await t.ds.query(`SELECT id FROM account WHERE login_user = 'demouser'`);
    expect(row).toEqual({ read: true, read_by: branch.id });
    expect((await read({ ids: [alertIds[1]] }, branchUser).expect(200)).body.data).toEqual({ marked: 0 });

    const list = (await get('/api/reval/alerts?pageSize=50').expect(200)).body.data.list as { id: number; read: boolean }[];
    expect(Object.fromEntries(list.map((a) => [a.id, a.read]))).toEqual({ [alertIds[0]]: false, [alertIds[1]]: true });
    const logs = await t.ds.getRepository(OperationLogEntity).find({ where: { action: '押品预警标为已读' } });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ actorLogin: 'demouser', targetId: String(alertIds[1]) });
  });

  it('marks every unread alert of the range read with all', async () => {
    expect((await read({ all: true }).expect(200)).body.data).toEqual({ marked: 1 });
    expect(await unread()).toBe(0);
    expect((await read({ all: true }).expect(200)).body.data).toEqual({ marked: 0 });
    expect(await t.ds.getRepository(OperationLogEntity).count({ where: { action: '押品预警标为已读' } })).toBe(2);
  });

  it('refuses a request naming nothing with the Chinese message', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [0] }, { all: false }]) {
      expect((await read(body).expect(400)).body).toMatchObject({ code: 400, message: RevalMsg.readNothing });
    }
  });
});
