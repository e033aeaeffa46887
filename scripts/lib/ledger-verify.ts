import 'reflect-metadata';
import { ConfigError, loadConfig } from '@valuation/config';
import { BalanceRepository, createDataSource } from '@valuation/persistence';

/**
 * Checks the books of every account: each package's counts left equal the sum of its ledger rows,
 * no count is negative, and every ledger row belongs to a package of its account and kind. Prints
 * what it checked and each difference; exits with 1 on any.
 */
export async function verifyLedger(): Promise<number> {
  const ds = createDataSource(loadConfig());
  await ds.initialize();
  try {
    const balances = new BalanceRepository(ds);
    const [size, differences] = await Promise.all([balances.bookSize(), balances.differences()]);
    console.log(`Ledger: ${size.packages} packages of ${size.accounts} accounts, ${size.ledgerRows} ledger rows checked`);
    for (const d of differences)
      console.log(`  package ${d.packageId} (account ${d.accountId}, ${d.kind}): counts left ${d.remaining}, ledger sum ${d.ledgerSum}`);
    console.log(differences.length ? `${differences.length} differences` : 'Every count equals the sum of its ledger rows');
    return differences.length;
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) {
  verifyLedger()
    .then((n) => process.exit(n ? 1 : 0))
    .catch((err) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(2);
    });
}
