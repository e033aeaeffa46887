import fs from 'node:fs';
import path from 'node:path';
import { QUEUES, revalStartJobId } from '@valuation/contracts';
import { RevaluationRunner, seedDemoMarket } from '@valuation/core';
import { checkBatchRow } from '@valuation/domain';
import { AccountEntity } from '@valuation/persistence';
import { JobProducer } from '@valuation/queue';
import { compileServer, startNodeProcess, waitFor, type RunningProcess } from '@valuation/testing';
import { startTestApi, type TestApi } from './test-api';

const ASSETS = 1500;
/** A short lock, so the second worker takes the killed worker's chunks over within seconds. */
const LOCK_MS = 5000;

describe('a revaluation run whose worker is killed half-way', () => {
  let t: TestApi;
  let outDir: string;
  const workers: RunningProcess[] = [];

  const run = async (id: string) =>
    (
      await t.ds.query(
        `SELECT state, total, processed, valued, alerts, value_total AS "valueTotal", loan_total AS "loanTotal" FROM reval_run WHERE id = $1`,
        [id],
      )
    )[0] as { state: number; total: number; processed: number; valued: number; alerts: number; valueTotal: string; loanTotal: string };

  const startWorker = () => {
    const worker = startNodeProcess(path.join(outDir, 'apps/worker/src/main.js'), {
      WORKER_QUEUES: QUEUES.batch,
      BATCH_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: '6',
      WORKER_LOCK_MS: String(LOCK_MS),
    });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    outDir = compileServer('revaluation-crash-test');
    t = await startTestApi();
    await seedDemoMarket(t.ds, { cityCodes: ['110100'], communitiesPerCity: 30, months: 24 });
    const admin = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    const communities: { name: string; haCode: string }[] = await t.ds.query(
      `SELECT name, ha_code AS "haCode" FROM community WHERE source = 'demo' AND city_code = '110100' ORDER BY ha_code`,
    );
    // A book of flats valued before (records as a quick valuation keeps them), each with a loan.
    const records = Array.from({ length: ASSETS }, (_, i) => {
      const c = communities[i % communities.length];
      const check = checkBatchRow(
        {
          cityName: '北京市',
          location: c.name,
          propType: '住宅',
          bldgArea: String(50 + (i % 90)),
          floor: String(1 + (i % 17)),
          bheight: '18',
        },
        { cityCode: '110100', cityName: '北京市', haInfo: { haCode: c.haCode, haName: c.name } },
      );
      if (!check.ok) throw new Error(check.message);
      const code = `CR${String(i + 1).padStart(12, '0')}`;
      return {
        eval_code: code,
        root_eval_code: code,
        tenant_id: admin.tenantId,
        company_id: admin.companyId,
        organization_id: admin.organizationId,
        account_id: admin.id,
        eval_type: 1,
        source: 1,
        method: 'forsale',
        state: 1,
        confidence_class: 'B',
        ha_code: c.haCode,
        ha_name: c.name,
        city_code: '110100',
        city_name: '北京市',
        prop_type: 11,
        bldg_area: check.value.bldgArea.toFixed(2),
        total_price: (check.value.bldgArea * 60_000).toFixed(2),
        unit_price: '60000.00',
        sample_count: 0,
        engine_version: 'test',
        input: { ...check.value, evalType: 1 },
        result: {},
      };
    });
    await t.ds.query(
      `WITH r AS (
         INSERT INTO eval_record (eval_code, root_eval_code, tenant_id, company_id, organization_id, account_id, eval_type, source, method, state,
                                  confidence_class, ha_code, ha_name, city_code, city_name, prop_type, bldg_area, total_price, unit_price,
                                  sample_count, engine_version, input, result)
         SELECT eval_code, root_eval_code, tenant_id, company_id, organization_id, account_id, eval_type, source, method, state,
                confidence_class, ha_code, ha_name, city_code, city_name, prop_type, bldg_area, total_price, unit_price,
                sample_count, engine_version, input, result
           FROM jsonb_populate_recordset(null::eval_record, $1::jsonb)
         RETURNING id, tenant_id, company_id, organization_id, account_id, root_eval_code, total_price
       )
       INSERT INTO asset (tenant_id, company_id, organization_id, account_id, eval_record_id, root_eval_code, added_by, loan_no, loan_amount,
                          loan_date, loan_origin_value)
       SELECT tenant_id, company_id, organization_id, account_id, id, root_eval_code, account_id, 'LN' || root_eval_code,
              round(total_price * 0.85, 2), DATE '2022-06-30', total_price FROM r`,
      [JSON.stringify(records)],
    );
  }, 180_000);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop('SIGKILL')));
    await t?.close();
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('loses and duplicates nothing when another worker takes over', async () => {
    const admin = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    const opened = await t.ds.transaction((m) =>
      t.app
        .get(RevaluationRunner)
        .open(m, { tenantId: admin.tenantId, companyId: admin.companyId }, { accountId: admin.id, accountName: '测试', trigger: 1 }),
    );
    if (typeof opened === 'string') throw new Error(`the run was not opened: ${opened}`);
    const id = opened.runId;
    expect(opened.total).toBe(ASSETS);

    const first = startWorker();
    await t.app.get(JobProducer).enqueue('reval.start', { runId: id }, { jobId: revalStartJobId(id) });
    await waitFor('the first worker to revalue some assets', async () => (await run(id)).processed > 0, 60_000, 10);
    await first.stop('SIGKILL');
    const cut = await run(id);
    expect(cut.state).toBe(1);
    expect(cut.processed).toBeGreaterThan(0);
    expect(cut.processed).toBeLessThan(ASSETS);

    // The chunks the killed worker held stay locked until their lock expires; the second worker then takes them.
    const second = startWorker();
    await waitFor('the second worker to finish the run', async () => (await run(id)).state !== 1, 180_000, 200);
    expect(second.stderr).toBe('');

    const done = await run(id);
    const [items] = await t.ds.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 0)::int AS waiting, count(*) FILTER (WHERE state = 1)::int AS valued,
              coalesce(sum(total_price) FILTER (WHERE state = 1), 0)::numeric(18, 2)::text AS value,
              coalesce(sum(loan_amount) FILTER (WHERE state = 1), 0)::numeric(18, 2)::text AS loans
         FROM reval_item WHERE run_id = $1`,
      [id],
    );
    expect(items).toMatchObject({ n: ASSETS, waiting: 0 });
    expect(done).toMatchObject({
      state: 2,
      total: ASSETS,
      processed: ASSETS,
      valued: items.valued,
      valueTotal: items.value,
      loanTotal: items.loans,
    });
    expect(items.valued).toBeGreaterThan(ASSETS * 0.9);
    const alerts = await t.ds.query(`SELECT asset_id, kind, count(*)::int AS n FROM drift_alert WHERE run_id = $1 GROUP BY 1, 2`, [id]);
    expect(alerts.filter((a: { n: number }) => a.n > 1)).toEqual([]);
    expect(alerts.reduce((sum: number, a: { n: number }) => sum + a.n, 0)).toBe(done.alerts);
    // Every loan is at 85 % of the old value: most revalued flats pass the 80 % limit somewhere.
    expect(done.alerts).toBeGreaterThan(0);
  }, 300_000);
});
