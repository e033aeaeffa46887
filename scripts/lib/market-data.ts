import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '@valuation/config';
import { MARKET_IMPORT_KINDS, type MarketImportKind } from '@valuation/contracts';
import { FieldError } from '@valuation/domain';
import {
  importMarketFile,
  MARKET_IMPORT_COLUMNS,
  rebuildPriceIndex,
  refreshStandardPrices,
  seedDemoMarket,
  TableFileError,
} from '@valuation/core';
import { createDataSource } from '@valuation/persistence';

const USAGE = `Market data commands (DATABASE_URL chooses the database):
  market-data import <kind> <file> [--city cityCode] [--no-index]
      Imports a CSV or XLSX file and prints the report; then rebuilds the price index of the
      cities whose cases changed (unless --no-index). --city: the city of a lianjia-listings
      file (6-digit code, Beijing 110100 by default).
      kind: ${MARKET_IMPORT_KINDS.join(' | ')}
  market-data rebuild-index [cityCode] [--since YYYY-MM]
      Rebuilds the monthly price index, of one city and from one month when given.
  market-data demo-market
      Loads the demo market (six cities, five years) unless it is already there.
  market-data columns <kind>
      Lists the columns a file of that kind may have.`;

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
  args.splice(at, 2);
  return value;
}

function flag(args: string[], name: string): boolean {
  const at = args.indexOf(name);
  if (at !== -1) args.splice(at, 1);
  return at !== -1;
}

function kindOf(text: string | undefined): MarketImportKind {
  const kind = MARKET_IMPORT_KINDS.find((k) => k === text);
  if (!kind) throw new UsageError(`unknown kind "${text ?? ''}"`);
  return kind;
}

async function withDataSource<T>(work: (ds: ReturnType<typeof createDataSource>) => Promise<T>): Promise<T> {
  const ds = createDataSource(loadConfig());
  await ds.initialize();
  try {
    return await work(ds);
  } finally {
    await ds.destroy();
  }
}

async function importCommand(args: string[]): Promise<void> {
  const noIndex = flag(args, '--no-index');
  const cityCode = option(args, '--city');
  if (cityCode !== undefined && !/^\d{6}$/.test(cityCode)) throw new UsageError('--city needs a 6-digit city code');
  const [kindText, file] = args;
  const kind = kindOf(kindText);
  if (!file) throw new UsageError('import needs a file');
  if (!fs.existsSync(file)) throw new UsageError(`no file "${file}"`);
  await withDataSource(async (ds) => {
    let lastShown = 0;
    const report = await importMarketFile(ds, kind, fs.createReadStream(file), path.basename(file), {
      cityCode,
      onProgress: (processed) => {
        if (processed - lastShown >= 5000) {
          lastShown = processed;
          process.stderr.write(`  ${processed} rows...\n`);
        }
      },
    });
    console.log(JSON.stringify(report, null, 2));
    console.error(
      `${report.accepted} created, ${report.updated} updated, ${report.rejected.length} rejected` +
        (report.communitiesCreated ? `, ${report.communitiesCreated} communities created` : ''),
    );
    if (noIndex) return;
    for (const cityCode of report.affected.cityCodes) {
      const index = await ds.transaction((m) => rebuildPriceIndex(m, { cityCode, since: report.affected.since ?? undefined }));
      console.error(
        `price index of ${cityCode} from ${index.since}: ${index.community} community, ${index.district} district, ${index.city} city rows`,
      );
      const standard = await refreshStandardPrices(ds, cityCode);
      console.error(`standard unit prices of ${standard.updated} communities in ${cityCode}`);
    }
  });
}

async function rebuildIndexCommand(args: string[]): Promise<void> {
  const since = option(args, '--since');
  const [cityCode] = args;
  if (cityCode !== undefined && !/^\d{6}$/.test(cityCode)) throw new UsageError(`"${cityCode}" is not a 6-digit city code`);
  await withDataSource(async (ds) => {
    const started = Date.now();
    const result = await ds.transaction((m) => rebuildPriceIndex(m, { cityCode, since }));
    const standard = await refreshStandardPrices(ds, cityCode);
    console.log(JSON.stringify({ ...result, standardPrices: standard.updated, ms: Date.now() - started }, null, 2));
  });
}

async function demoMarketCommand(): Promise<void> {
  await withDataSource(async (ds) => {
    const result = await seedDemoMarket(ds);
    console.log(
      result.created
        ? `Demo market loaded: ${result.communities} communities, ${result.cases} cases, ${result.pois} points of interest, ${result.indexRows} index rows in ${result.ms} ms`
        : 'Demo market already present',
    );
  });
}

function columnsCommand(args: string[]): void {
  for (const column of MARKET_IMPORT_COLUMNS[kindOf(args[0])]) {
    console.log(`${column.headers.join(' / ')}${column.required ? '  (必填)' : ''}\n    ${column.description}`);
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  switch (command) {
    case 'import':
      return importCommand(args);
    case 'rebuild-index':
      return rebuildIndexCommand(args);
    case 'demo-market':
      return demoMarketCommand();
    case 'columns':
      return columnsCommand(args);
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command');
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof ConfigError || error instanceof TableFileError || error instanceof FieldError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
