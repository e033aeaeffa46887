import type { DataSource } from 'typeorm';
import { businessToday, setBusinessClock } from '@valuation/domain';
import { BalancePackageEntity, BalanceRepository, type LedgerKind } from '@valuation/persistence';
import { openTestDataSource, type TestDatabase } from '@valuation/testing';
import { QuotaExhaustedError, QuotaService } from './quota.service';

describe('QuotaService', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let quota: QuotaService;
  const today = businessToday();
  const ref = (accountId: number, refId: string) => ({ tenantId: 1, accountId, refType: 'rapid', refId });

  beforeAll(async () => {
    ({ db, ds } = await openTestDataSource(20));
    quota = new QuotaService(new BalanceRepository(ds));
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  const ledgerRows = (accountId: number) =>
    ds.query(`SELECT kind, delta, balance_after, reason, package_id FROM balance_ledger WHERE account_id = $1 ORDER BY id`, [accountId]);

  /** A package of counts (without the order that would credit it). */
  const savePackage = (
    accountId: number,
    kind: LedgerKind,
    remaining: number,
    effectiveDate: string,
    expireDate: string,
    cityCodes: string[] = [],
  ) =>
    ds.getRepository(BalancePackageEntity).save({
      tenantId: 1,
      accountId,
      kind,
      cityCodes,
      cityNames: '',
      granted: remaining,
      remaining,
      effectiveDate,
      expireDate,
    });
  const remainingOf = async (id: number) => (await ds.getRepository(BalancePackageEntity).findOneByOrFail({ id })).remaining;

  it('uses the city package expiring first, then nationwide counts, then refuses', async () => {
    const accountId = 1;
    const universal = await savePackage(accountId, 'universal', 1, '2020-01-01', '2099-12-31');
    const later = await savePackage(accountId, 'city', 1, '2020-01-01', '2099-12-31', ['110100']);
    const sooner = await savePackage(accountId, 'city', 1, '2020-01-01', '2098-12-31', ['120100', '110100']);
    await savePackage(accountId, 'city', 5, '2020-01-01', '2021-01-01', ['110100']);
    await savePackage(accountId, 'city', 5, today, '2099-01-01', ['310100']);

    const charges: Awaited<ReturnType<QuotaService['consumeValuation']>>[] = [];
    for (let i = 0; i < 3; i++) charges.push(await ds.transaction((m) => quota.consumeValuation(m, '110100', ref(accountId, `e${i}`))));
    expect(charges.map((c) => [c.kind, c.packageId])).toEqual([
      ['city', sooner.id],
      ['city', later.id],
      ['universal', universal.id],
    ]);
    await expect(ds.transaction((m) => quota.consumeValuation(m, '110100', ref(accountId, 'e3')))).rejects.toBeInstanceOf(
      QuotaExhaustedError,
    );

    await ds.transaction((m) => quota.refund(m, charges[2], ref(accountId, 'e2')));
    expect(await remainingOf(universal.id)).toBe(1);
    expect(await ledgerRows(accountId)).toEqual([
      { kind: 'city', delta: -1, balance_after: 0, reason: 'consume', package_id: sooner.id },
      { kind: 'city', delta: -1, balance_after: 0, reason: 'consume', package_id: later.id },
      { kind: 'universal', delta: -1, balance_after: 0, reason: 'consume', package_id: universal.id },
      { kind: 'universal', delta: 1, balance_after: 1, reason: 'refund', package_id: universal.id },
    ]);
  });

  it('never overdraws: 200 concurrent charges against 100 counts, exactly 100 succeed', async () => {
    const accountId = 2;
    const universal = await savePackage(accountId, 'universal', 60, '2020-01-01', '2099-12-31');
    const city = await savePackage(accountId, 'city', 40, '2020-01-01', '2099-12-31', ['440100']);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => ds.transaction((m) => quota.consumeValuation(m, '440100', ref(accountId, `c${i}`)))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(100);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof QuotaExhaustedError)).toBe(true);
    expect(await remainingOf(city.id)).toBe(0);
    expect(await remainingOf(universal.id)).toBe(0);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM balance_ledger WHERE account_id = $1 AND reason = 'consume'`, [
      accountId,
    ]);
    expect(n).toBe(100);
  });

  it('charges report copies separately', async () => {
    const accountId = 3;
    await savePackage(accountId, 'advisory', 1, '2020-01-01', '2099-12-31');
    await savePackage(accountId, 'inquiry', 3, '2020-01-01', '2021-12-31');
    await ds.transaction((m) => quota.consumeReport(m, 'advisory', ref(accountId, 'r1')));
    await expect(ds.transaction((m) => quota.consumeReport(m, 'advisory', ref(accountId, 'r2')))).rejects.toThrow('咨询报告份数不足');
    await expect(ds.transaction((m) => quota.consumeReport(m, 'inquiry', ref(accountId, 'r3')))).rejects.toThrow('询价报告份数不足');
  });

  it('inserts what a charge pays for in the charge statement: both commit, or neither', async () => {
    const accountId = 5;
    const universal = await savePackage(accountId, 'universal', 1, '2020-01-01', '2099-12-31');
    await ds.query(`CREATE TABLE paid_thing (id serial PRIMARY KEY, ref text NOT NULL CHECK (ref <> 'refused'))`);
    const thing = (ref: string) => ({ name: 'paid-thing', table: 'paid_thing', sql: '(ref) SELECT $8::text', params: [ref] });
    const things = async () => (await ds.query(`SELECT ref FROM paid_thing ORDER BY id`)).map((r: { ref: string }) => r.ref);

    // An insert that fails fails the charge.
    await expect(quota.consumeValuation(ds.manager, '110100', ref(accountId, 'w1'), thing('refused'))).rejects.toThrow('paid_thing');
    expect(await things()).toEqual([]);
    expect(await remainingOf(universal.id)).toBe(1);
    expect(await ledgerRows(accountId)).toEqual([]);

    const charge = await quota.consumeValuation(ds.manager, '110100', ref(accountId, 'w2'), thing('w2'));
    expect(charge).toMatchObject({ kind: 'universal', packageId: universal.id, writtenId: expect.any(String) });
    expect(await things()).toEqual(['w2']);
    expect((await ds.query(`SELECT id::text FROM paid_thing WHERE ref = 'w2'`))[0].id).toBe(charge.writtenId);

    // Nothing left: the charge is refused and nothing is inserted.
    const refused = quota.consumeValuation(ds.manager, '110100', ref(accountId, 'w3'), thing('w3'));
    await expect(refused).rejects.toBeInstanceOf(QuotaExhaustedError);
    expect(await things()).toEqual(['w2']);
    expect(await ledgerRows(accountId)).toEqual([
      { kind: 'universal', delta: -1, balance_after: 0, reason: 'consume', package_id: universal.id },
    ]);
  });

  it('judges validity by the Beijing calendar: at 23:30 UTC a package starting that Beijing day is valid, one ended the day before is not', async () => {
    const accountId = 4;
    // 07:30 on 11 June in Beijing, still 10 June in UTC.
    setBusinessClock(() => new Date('2025-06-10T23:30:00Z'));
    try {
      await savePackage(accountId, 'city', 1, '2025-01-01', '2025-06-10', ['440100']);
      const startsToday = await savePackage(accountId, 'city', 1, '2025-06-11', '2026-06-10', ['440100']);
      await savePackage(accountId, 'universal', 1, '2025-06-12', '2026-06-10');

      const charge = await ds.transaction((m) => quota.consumeValuation(m, '440100', ref(accountId, 'tz1')));
      expect(charge).toMatchObject({ kind: 'city', packageId: startsToday.id });
      await expect(ds.transaction((m) => quota.consumeValuation(m, '440100', ref(accountId, 'tz2')))).rejects.toBeInstanceOf(
        QuotaExhaustedError,
      );
    } finally {
      setBusinessClock();
    }
  });
});
