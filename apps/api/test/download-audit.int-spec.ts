import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES, type AuditRecordPayload } from '@valuation/contracts';
import { startTestApi, type TestApi } from './test-api';

describe('exports and downloads in the operation log', () => {
  let t: TestApi;
  let token: string;
  beforeAll(async () => {
    t = await startTestApi();
    token = await t.login('user', 'demoadmin');
  });
  afterAll(() => t.close());

  const events = async (): Promise<AuditRecordPayload[]> => {
    const jobs = await t.app.get<Queue>(getQueueToken(QUEUES.audit)).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    return jobs.map((j) => j.data as AuditRecordPayload).filter((d) => d.action === '导出' || d.action === '下载');
  };

  it('records a spreadsheet export with who, from where and what was asked, without the token', async () => {
    await t
      .http()
      .get('/api/batch/template')
      .query({ Authorization: token, timestamp: Date.now() })
      .set('X-Forwarded-For', '203.0.113.60')
      .buffer(true)
      .expect(200);
    expect(await events()).toEqual([
      expect.objectContaining({
        tenantId: t.demoTenantId,
        population: 'user',
        actorLogin: 'demoadmin',
        action: '导出',
        detail: '批量估价模板 .xlsx：/api/batch/template',
        ip: '203.0.113.60',
      }),
    ]);
    expect(JSON.stringify(await events())).not.toContain(token);
  });

  it('records other file downloads, but not pictures shown in pages nor refused or failed requests', async () => {
    const auth = { Authorization: `Bearer ${token}` };
    await t.http().get('/api/eval/report/sample').query({ reportType: 1 }).set(auth).expect(200);
    await t.http().get('/api/site-config/images').query({ type: 1 }).set(auth).expect(200);
    expect((await t.http().get('/api/eval/export').set(auth)).status).toBe(404);
    const user = await t.login('user', 'demorent');
    expect((await t.http().get('/api/batch/template').set('Authorization', `Bearer ${user}`)).status).toBe(403);
    const recorded = await events();
    expect(recorded).toHaveLength(2);
    expect(recorded.find((e) => e.action === '下载')).toMatchObject({
      actorLogin: 'demoadmin',
      detail: '报告网页：/api/eval/report/sample?reportType=1',
    });
  });
});
