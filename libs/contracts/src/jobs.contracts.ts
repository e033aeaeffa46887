/**
 * Queue names and the typed payload of every job. A worker process serves the queues named in
 * WORKER_QUEUES; at start it refuses to run if a job name below has no handler or two.
 */
export const QUEUES = {
  audit: 'audit',
  import: 'import',
  marketIndex: 'market-index',
  batch: 'batch',
  notify: 'notify',
  report: 'report',
  balance: 'balance',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);

export interface AuditRecordPayload {
  /** Unique per event: a retried job never records it twice. */
  eventKey: string;
  tenantId: number;
  /** A customer user, tenant staff, or a platform operator (tenant 0, actor 0). */
  population: 'user' | 'tenant' | 'operator';
  actorId: number;
  actorLogin: string;
  actorName: string;
  action: string;
  detail: string;
  ip: string;
  at: string;
}

/** What a market data file holds; each kind has its own importer and documented columns. */
export const MARKET_IMPORT_KINDS = ['communities', 'cases', 'pois', 'lianjia-listings'] as const;
export type MarketImportKind = (typeof MARKET_IMPORT_KINDS)[number];

export interface MarketImportPayload {
  kind: MarketImportKind;
  /** S3 key of the uploaded CSV or XLSX file; the report is stored next to it (`<key>.report.json`). */
  objectKey: string;
  /** Name of the file as uploaded, shown in the report. */
  fileName: string;
  /** Who asked for the import (login or account id), for the log and the report. */
  requestedBy?: string;
  /** City of every row of a lianjia-listings file (6-digit code); Beijing when absent. */
  cityCode?: string;
}

export interface MarketRebuildIndexPayload {
  /** Only the cases of this city (6-digit code); every city when absent. */
  cityCode?: string;
  /** Only months from this one on (YYYY-MM or YYYY-MM-DD); every month when absent. */
  since?: string;
}

/** One row of an import file that was not loaded. */
export interface ImportRejection {
  /** Line of the CSV file or row of the worksheet, counting the header as 1. */
  line: number;
  reason: string;
}

/** Outcome of one import: rows created, rows that updated an existing record, rows rejected. */
export interface MarketImportReport {
  kind: MarketImportKind;
  fileName: string;
  format: 'csv' | 'xlsx' | 'xls';
  /** Text encoding of a CSV file (utf-8, gb18030, utf-16le...). */
  encoding: string | null;
  accepted: number;
  updated: number;
  rejected: ImportRejection[];
  /** Communities created on the way (the Lianjia listings create the communities they name). */
  communitiesCreated: number;
  /** Cities and first month whose cases changed: the price index to rebuild. */
  affected: { cityCodes: string[]; since: string | null };
  startedAt: string;
  finishedAt: string;
  /** S3 key of the stored report, when the import ran from an uploaded object. */
  reportKey?: string;
  requestedBy?: string;
}

export interface MarketIndexRebuildResult {
  cityCode: string | null;
  since: string | null;
  /** Index rows written per scope. */
  community: number;
  district: number;
  city: number;
  /** Index rows removed because their cases are gone. */
  removed: number;
}

/** Moves orders between pending, effective and expired on a business day (today's when absent). */
export interface BalanceOrderStatesPayload {
  /** yyyy-MM-dd */
  day?: string;
}

/** What a run of balance.order-states did. */
export interface BalanceOrderStatesResult {
  day: string;
  moved: number;
}

/** Splits a batch task into chunk jobs. */
export interface BatchStartPayload {
  taskId: string;
}

/** Values the waiting rows of one chunk of a batch task. */
export interface BatchChunkPayload {
  taskId: string;
  chunk: number;
}

/** Id of the job that splits a batch task into chunk jobs: whoever enqueues it again adds nothing while it is kept. */
export const batchStartJobId = (taskId: string) => `batch-start-${taskId}`;

/** Splits a revaluation run into chunk jobs. */
export interface RevalStartPayload {
  runId: string;
}

/** Revalues the waiting assets of one chunk of a run. */
export interface RevalChunkPayload {
  runId: string;
  chunk: number;
}

/** Id of the job that splits a revaluation run into chunk jobs. */
export const revalStartJobId = (runId: string) => `reval-start-${runId}`;

/** Renders one ordered report to PDF and stores it. */
export interface ReportRenderPayload {
  reportId: string;
}

/** Sends one notify_outbox row (SMS or webhook). */
export interface NotifyDeliverPayload {
  outboxId: string;
}

/** A periodic sweep or relay run by a job scheduler: it carries nothing. */
export type PeriodicPayload = Record<string, never>;

/** What a periodic run did: the ids of the tasks, reports or outbox rows it (re)queued. */
export interface PeriodicResult {
  queued: string[];
}

export interface JobPayloads {
  'audit.record': AuditRecordPayload;
  'market.import': MarketImportPayload;
  'market.rebuild-index': MarketRebuildIndexPayload;
  'batch.start': BatchStartPayload;
  'batch.chunk': BatchChunkPayload;
  'reval.start': RevalStartPayload;
  'reval.chunk': RevalChunkPayload;
  'notify.deliver': NotifyDeliverPayload;
  'report.render': ReportRenderPayload;
  'balance.order-states': BalanceOrderStatesPayload;
  'batch.sweep': PeriodicPayload;
  'report.sweep': PeriodicPayload;
  'notify.relay': PeriodicPayload;
}
export type JobName = keyof JobPayloads;

/** Which queue carries each job name. */
export const JOB_QUEUE: { readonly [K in JobName]: QueueName } = {
  'audit.record': QUEUES.audit,
  'market.import': QUEUES.import,
  'market.rebuild-index': QUEUES.marketIndex,
  'batch.start': QUEUES.batch,
  'batch.chunk': QUEUES.batch,
  'reval.start': QUEUES.batch,
  'reval.chunk': QUEUES.batch,
  'notify.deliver': QUEUES.notify,
  'report.render': QUEUES.report,
  'balance.order-states': QUEUES.balance,
  'batch.sweep': QUEUES.batch,
  'report.sweep': QUEUES.report,
  'notify.relay': QUEUES.notify,
};
