/**
 * One detail export of the statistics bench, in a process of its own so that its peak memory is
 * the export's: demoadmin's detail export (the built StatisticsService over the bench database) of
 * the organisations and days given, up to `rows` rows, read to the end.
 *
 *   node dist/server/scripts/bench/stats-export.js <organisation ids> <beginDate> <endDate> <rows>
 */
import fs from 'node:fs';
import path from 'node:path';
import { root } from './bench-process';

async function main() {
  require('reflect-metadata');
  const [orgIds, beginDate, endDate, rows] = process.argv.slice(2);
  const domain = require(path.join(root, 'dist/server/libs/domain/src')) as typeof import('@valuation/domain');
  const persistence = require(path.join(root, 'dist/server/libs/server/persistence/src')) as typeof import('@valuation/persistence');
  const { StatisticsService } = require(
    path.join(root, 'dist/server/apps/api/src/modules/statistics/statistics.service'),
  ) as typeof import('../../apps/api/src/modules/statistics/statistics.service');
  const ds = persistence.createDataSource({ DATABASE_URL: process.env.DATABASE_URL!, DATABASE_POOL_SIZE: 2 });
  await ds.initialize();
  try {
    const [account] = await ds.query(
      `SELECT id, tenant_id, company_id, organization_id, user_name FROM account WHERE login_user = 'demoadmin'`,
    );
    const permissions: { id: number }[] = await ds.query(
      `SELECT DISTINCT rp.permission_id AS id FROM account_role ar JOIN role_permission rp ON rp.role_id = ar.role_id WHERE ar.account_id = $1`,
      [account.id],
    );
    const repository = new persistence.StatisticsRepository(ds);
    let written = 0;
    const batches = repository.itemBatches.bind(repository);
    repository.itemBatches = async function* (...args: Parameters<typeof batches>) {
      for await (const batch of batches(...args)) {
        written += batch.length;
        yield batch;
      }
    };
    const service = new StatisticsService(repository, new persistence.OrganizationRepository(ds));
    const principal = {
      population: 'user' as const,
      sessionId: 'bench',
      id: account.id,
      tenantId: account.tenant_id,
      loginUser: 'demoadmin',
      userName: account.user_name,
      organizationId: account.organization_id,
      companyId: account.company_id,
      permissions: new Set(permissions.map((p) => Number(p.id))),
      client: 1 as const,
    };
    const query = domain.statItemsFilterSchema.parse({ organizationIds: orgIds, beginDate, endDate, statMethod: '1' });
    const started = performance.now();
    const { content } = await service.exportItems(principal, query, Number(rows));
    let bytes = 0;
    for await (const chunk of content) bytes += (chunk as Buffer).length;
    const ms = performance.now() - started;
    const peak = Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) / 1024;
    console.log(`exported ${written} rows, ${bytes} bytes in ${ms.toFixed(0)} ms; peak RSS ${peak.toFixed(1)} MB`);
  } finally {
    await ds.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
