import type { ImportRejection, MarketImportKind, MarketImportReport } from '@valuation/contracts';
import type { UpsertCount } from './market-rows.writer';
import type { TableFile } from '../tables';

/** Collects the outcome of one import while it runs. */
export class ImportReportBuilder {
  accepted = 0;
  updated = 0;
  communitiesCreated = 0;
  readonly rejected: ImportRejection[] = [];
  private readonly cities = new Set<string>();
  private since: string | null = null;
  private readonly startedAt = new Date();

  constructor(
    readonly kind: MarketImportKind,
    readonly fileName: string,
  ) {}

  reject(line: number, reason: string): void {
    this.rejected.push({ line, reason });
  }

  add(count: UpsertCount): void {
    this.accepted += count.created;
    this.updated += count.updated;
  }

  /** Records that cases of this city and month changed. */
  affect(cityCode: string, month: string): void {
    this.cities.add(cityCode);
    if (this.since === null || month < this.since) this.since = month;
  }

  /** Rows handled so far, for progress. */
  get processed(): number {
    return this.accepted + this.updated + this.rejected.length;
  }

  build(format: TableFile['format'], encoding: string | null): MarketImportReport {
    return {
      kind: this.kind,
      fileName: this.fileName,
      format,
      encoding,
      accepted: this.accepted,
      updated: this.updated,
      rejected: [...this.rejected].sort((a, b) => a.line - b.line),
      communitiesCreated: this.communitiesCreated,
      affected: { cityCodes: [...this.cities].sort(), since: this.since },
      startedAt: this.startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
    };
  }
}
