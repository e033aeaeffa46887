import type { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MarketImportKind, MarketImportPayload, MarketImportReport } from '@valuation/contracts';
import { ObjectStorage } from '@valuation/storage';
import { communityImportSpec, COMMUNITY_IMPORT_COLUMNS } from './community.importer';
import { ImportReportBuilder } from './import-report.builder';
import { lianjiaListingImportSpec, LIANJIA_IMPORT_COLUMNS } from './lianjia-listing.importer';
import { CASE_IMPORT_COLUMNS, marketCaseImportSpec } from './market-case.importer';
import { POI_IMPORT_COLUMNS, poiImportSpec } from './poi.importer';
import { RegionResolver } from '../geo/region.resolver';
import { openTableFile } from '../tables';
import { runTableImport, type ImportColumn, type TableImportOptions } from './table-import.runner';

/** The documented columns of each kind of import file. */
export const MARKET_IMPORT_COLUMNS: Readonly<Record<MarketImportKind, ReadonlyArray<ImportColumn>>> = {
  communities: COMMUNITY_IMPORT_COLUMNS,
  cases: CASE_IMPORT_COLUMNS,
  pois: POI_IMPORT_COLUMNS,
  'lianjia-listings': LIANJIA_IMPORT_COLUMNS,
};

export interface MarketFileImportOptions extends TableImportOptions {
  /** The year build years may not exceed; the current year by default. */
  currentYear?: number;
  /** City of a listings file (6-digit code); Beijing by default. */
  cityCode?: string;
}

/**
 * Imports one CSV or XLSX file of communities, cases, points of interest or Lianjia listings,
 * streamed: rows are read, checked and upserted in batches, and every row that is not loaded is
 * reported with its line and the reason. Importing the same file again updates, never duplicates.
 * Throws TableFileError when the file is not a CSV or XLSX file at all.
 */
export async function importMarketFile(
  dataSource: DataSource,
  kind: MarketImportKind,
  stream: Readable,
  fileName: string,
  options: MarketFileImportOptions = {},
): Promise<MarketImportReport> {
  const file = await openTableFile(stream);
  const report = new ImportReportBuilder(kind, fileName);
  try {
    switch (kind) {
      case 'communities':
        await runTableImport(dataSource, file.rows, communityImportSpec(await RegionResolver.load(dataSource)), report, options);
        break;
      case 'cases':
        await runTableImport(dataSource, file.rows, marketCaseImportSpec(), report, options);
        break;
      case 'pois':
        await runTableImport(dataSource, file.rows, poiImportSpec(await RegionResolver.load(dataSource)), report, options);
        break;
      case 'lianjia-listings':
        await runTableImport(
          dataSource,
          file.rows,
          lianjiaListingImportSpec(await RegionResolver.load(dataSource), { cityCode: options.cityCode, currentYear: options.currentYear }),
          report,
          options,
        );
        break;
    }
  } finally {
    stream.destroy();
  }
  return report.build(file.format, file.encoding);
}

/** Where the report of an uploaded file is stored: next to the upload. */
export const importReportKey = (objectKey: string) => `${objectKey}.report.json`;

/** Imports uploaded files from object storage and stores their reports beside them. */
@Injectable()
export class MarketImportService {
  private readonly logger = new Logger(MarketImportService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  async importObject(payload: MarketImportPayload, onProgress?: (processed: number) => void | Promise<void>): Promise<MarketImportReport> {
    const stream = await this.storage.getStream(payload.objectKey);
    const imported = await importMarketFile(this.dataSource, payload.kind, stream, payload.fileName, {
      onProgress,
      cityCode: payload.cityCode,
    });
    const reportKey = importReportKey(payload.objectKey);
    const report: MarketImportReport = {
      ...imported,
      reportKey,
      ...(payload.requestedBy !== undefined ? { requestedBy: payload.requestedBy } : {}),
    };
    const body = Buffer.from(JSON.stringify(report, null, 2));
    await this.storage.put(reportKey, body, body.length, 'application/json');
    const first = report.rejected.slice(0, 5).map((r) => `line ${r.line}: ${r.reason}`);
    this.logger.log(
      `imported ${payload.kind} "${payload.fileName}" (${payload.objectKey}): ${report.accepted} created, ${report.updated} updated, ` +
        `${report.rejected.length} rejected${first.length ? ` (${first.join('; ')}${report.rejected.length > first.length ? '; ...' : ''})` : ''}`,
    );
    return report;
  }
}
