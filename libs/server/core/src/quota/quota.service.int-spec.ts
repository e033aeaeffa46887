import type { DataSource, EntityManager } from 'typeorm';
import { businessToday, setBusinessClock } from '@valuation/domain';
import { AccountBalanceEntity, CityPackageEntity } from '@valuation/persistence';
import { openTestDataSource, type TestDatabase } from '@valuation/testing';
import { QuotaExhaustedError, QuotaService } from './quota.service';

describe('QuotaService', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const quota = new QuotaService();
  const today = businessToday();
  const ref = (accountId: number, refId: string) => ({ tenantId: 1, accountId, refType: 'rapid', refId });

  beforeAll(async () => {
    ({ db, ds } = await openTestDataSource(20));
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  const ledgerRows = (accountId: number) =>
    ds.query(`SELECT kind, delta, balance_after, reason, city_package_id FROM balance_ledger WHERE account_id = $1 ORDER BY id`, [
      accountId,
    ]);

  it('uses the city package expiring first, then nationwide counts, then refuses', async () => {
    const accountId = 1;
    await ds.getRepository(AccountBalanceEntity).save({ accountId, tenantId: 1, universalCount: 1, advisoryCount: 0, inquiryCount: 0 });
    const packages = ds.getRepository(CityPackageEntity);
    const later = await packages.save({
      tenantId: 1,
      accountId,
      cityCode: '110100',
      cityName: '北京市',
      remaining: 1,
      effectiveDate: '2020-01-01',
      expireDate: '2099-12-31',
    });
    const sooner = await packages.save({
      tenantId: 1,
      accountId,
      cityCode: '110100',
      cityName: '北京市',
      remaining: 1,
      effectiveDate: '2020-01-01',
      expireDate: '2098-12-31',
    });
    await packages.save({
      tenantId: 1,
      accountId,
      cityCode: '110100',
      cityName: '北京市',
      remaining: 5,
      effectiveDate: '2020-01-01',
      expireDate: '2021-01-01',
    });
    await packages.save({
      tenantId: 1,
      accountId,
      cityCode: '310100',
      cityName: '上海市',
      remaining: 5,
      effectiveDate: today,
      expireDate: '2099-01-01',
    });

    const charges: Awaited<ReturnType<QuotaService['consumeValuation']>>[] = [];
    for (let i = 0; i < 3; i++) charges.push(await ds.transaction((m) => quota.consumeValuation(m, '110100', ref(accountId, `e${i}`))));
    expect(charges.map((c) => [c.kind, c.cityPackageId])).toEqual([
      ['city', sooner.id],
      ['city', later.id],
      ['universal', null],
    ]);
    await expect(ds.transaction((m) => quota.consumeValuation(m, '110100', ref(accountId, 'e3')))).rejects.toBeInstanceOf(
      QuotaExhaustedError,
    );

    await ds.transaction((m) => quota.refund(m, charges[2], ref(accountId, 'e2')));
    expect(await ds.getRepository(AccountBalanceEntity).findOneByOrFail({ accountId })).toMatchObject({ universalCount: 1 });
    expect(await ledgerRows(accountId)).toEqual([
      { kind: 'city', delta: -1, balance_after: 0, reason: 'consume', city_package_id: sooner.id },
      { kind: 'city', delta: -1, balance_after: 0, reason: 'consume', city_package_id: later.id },
      { kind: 'universal', delta: -1, balance_after: 0, reason: 'consume', city_package_id: null },
      { kind: 'universal', delta: 1, balance_after: 1, reason: 'refund', city_package_id: null },
    ]);
  });

  it('never overdraws: 200 concurrent charges against 100 counts, exactly 100 succeed', async () => {
    const accountId = 2;
    await ds.getRepository(AccountBalanceEntity).save({ accountId, tenantId: 1, universalCount: 60, advisoryCount: 0, inquiryCount: 0 });
    await ds.getRepository(CityPackageEntity).save({
      tenantId: 1,
      accountId,
      cityCode: '440100',
      cityName: '广州市',
      remaining: 40,
      effectiveDate: '2020-01-01',
      expireDate: '2099-12-31',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => ds.transaction((m) => quota.consumeValuation(m, '440100', ref(accountId, `c${i}`)))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(100);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof QuotaExhaustedError)).toBe(true);
    const [{ remaining }] = await ds.query(`SELECT remaining FROM city_package WHERE account_id = $1`, [accountId]);
    expect(remaining).toBe(0);
    expect(await ds.getRepository(AccountBalanceEntity).findOneByOrFail({ accountId })).toMatchObject({ universalCount: 0 });
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM balance_ledger WHERE account_id = $1 AND reason = 'consume'`, [
      accountId,
    ]);
    expect(n).toBe(100);
  });

  it('charges report copies separately', async () => {
    const accountId = 3;
    await ds.getRepository(AccountBalanceEntity).save({ accountId, tenantId: 1, universalCount: 0, advisoryCount: 1, inquiryCount: 0 });
    await ds.transaction((m) => quota.consumeReport(m, 'advisory', ref(accountId, 'r1')));
    await expect(ds.transaction((m) => quota.consumeReport(m, 'advisory', ref(accountId, 'r2')))).rejects.toThrow('咨询报告份数不足');
    await expect(ds.transaction((m) => quota.consumeReport(m, 'inquiry', ref(accountId, 'r3')))).rejects.toThrow('询价报告份数不足');
  });

  it('writes what a charge pays for in the charge transaction: both commit, or neither', async () => {
    const accountId = 5;
    await ds.getRepository(AccountBalanceEntity).save({ accountId, tenantId: 1, universalCount: 1, advisoryCount: 0, inquiryCount: 0 });
    await ds.query(`CREATE TABLE paid_thing (id serial PRIMARY KEY, ref text NOT NULL)`);
    const writeThing = (ref: string) => async (tx: EntityManager) => {
      const [row] = await tx.query(`INSERT INTO paid_thing (ref) VALUES ($1) RETURNING id`, [ref]);
      return String(row.id);
    };
    const things = async () => (await ds.query(`SELECT ref FROM paid_thing ORDER BY id`)).map((r: { ref: string }) => r.ref);

    // No transaction given: the service opens one for the charge and the write.
    const failing = quota.consumeValuation(ds.manager, '110100', ref(accountId, 'w1'), async (tx) => {
      await writeThing('w1')(tx);
      throw new Error('the write failed');
    });
    await expect(failing).rejects.toThrow('the write failed');
    expect(await things()).toEqual([]);
    expect(await ds.getRepository(AccountBalanceEntity).findOneByOrFail({ accountId })).toMatchObject({ universalCount: 1 });

    const charge = await quota.consumeValuation(ds.manager, '110100', ref(accountId, 'w2'), writeThing('w2'));
    expect(charge).toMatchObject({ kind: 'universal', cityPackageId: null, writtenId: expect.any(String) });
    expect(await things()).toEqual(['w2']);

    // Nothing left: the charge is refused and nothing is written.
    const refused = quota.consumeValuation(ds.manager, '110100', ref(accountId, 'w3'), writeThing('w3'));
    await expect(refused).rejects.toBeInstanceOf(QuotaExhaustedError);
    expect(await things()).toEqual(['w2']);
    expect(await ledgerRows(accountId)).toEqual([
      { kind: 'universal', delta: -1, balance_after: 0, reason: 'consume', city_package_id: null },
    ]);
  });

  it('judges validity by the Beijing calendar: at 23:30 UTC a package starting that Beijing day is valid, one ended the day before is not', async () => {
    const accountId = 4;
    // 07:30 on 11 June in Beijing, still 10 June in UTC.
    setBusinessClock(() => new Date('2025-06-10T23:30:00Z'));
    try {
      await ds.getRepository(AccountBalanceEntity).save({ accountId, tenantId: 1, universalCount: 0, advisoryCount: 0, inquiryCount: 0 });
      const packages = ds.getRepository(CityPackageEntity);
      const city = { tenantId: 1, accountId, cityCode: '440100', cityName: '广州市', remaining: 1 };
      await packages.save({ ...city, effectiveDate: '2025-01-01', expireDate: '2025-06-10' });
      const startsToday = await packages.save({ ...city, effectiveDate: '2025-06-11', expireDate: '2026-06-10' });

      const charge = await ds.transaction((m) => quota.consumeValuation(m, '440100', ref(accountId, 'tz1')));
      expect(charge).toMatchObject({ kind: 'city', cityPackageId: startsToday.id });
      await expect(ds.transaction((m) => quota.consumeValuation(m, '440100', ref(accountId, 'tz2')))).rejects.toBeInstanceOf(
        QuotaExhaustedError,
      );
    } finally {
      setBusinessClock();
    }
  });
});
